import { zodResolver } from '@hookform/resolvers/zod';
import { teamCodeField } from '@core/teams';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { useSearchParams } from 'react-router-dom';
import { z } from 'zod';
import { Button } from '@/components/ui/button/button';
import { Card, Flex, Heading, Text } from '@/components/ui/themed/primitives';
import { FormTextField } from '@/components/ui/form/form-fields';
import { useToast } from '@/components/ui/toast/toast';
import { useJoinTeamWithCode } from '../api/invites';

const codeFormSchema = z.object({ code: teamCodeField });

/** The query of an invite mail's answer link that carries the team code (docs/teams.md). */
const CODE_PARAM = 'code';

/**
 * Joins with the one-time code of an invite, prefilled from the mail's answer link (`?code=`): the way in for an
 * invite mailed to the user's own address while his e-mail is not proven and the invite lists stay empty (a code joins only the account of the address it was mailed to).
 */
export function TeamCodeForm() {
  const [searchParams] = useSearchParams();
  const joinTeam = useJoinTeamWithCode();
  const toast = useToast();
  const titleId = useId();
  const { register, handleSubmit, formState, reset, setError } = useForm({
    resolver: zodResolver(codeFormSchema),
    defaultValues: { code: searchParams.get(CODE_PARAM) ?? '' },
  });

  const join = handleSubmit(async ({ code }) => {
    try {
      // The invites and the profile are read again (useJoinTeamWithCode).
      const team = await joinTeam.mutateAsync(code);
      toast.success(`You joined ${team.name}.`);
      reset();
    } catch (error) {
      setError('code', { message: error instanceof Error ? error.message : String(error) });
    }
  });

  return (
    <Card variation="outlined" className="fg-team-code">
      <form noValidate onSubmit={(event) => void join(event)} aria-labelledby={titleId}>
        <Flex direction="column" gap="small">
          <Heading level={2} id={titleId}>
            Join with a team code
          </Heading>
          <Text color="font.secondary">The invite e-mail carries a code of 8 letters and digits.</Text>
          <Flex gap="small" alignItems="flex-start" wrap="wrap">
            <FormTextField
              label="Team code"
              registration={register('code')}
              error={formState.errors.code?.message}
              autoComplete="off"
              maxLength={64}
            />
            <Button type="submit" variation="primary" isLoading={formState.isSubmitting} loadingText="Joining…" className="fg-team-code__submit">
              Join team
            </Button>
          </Flex>
        </Flex>
      </form>
    </Card>
  );
}
