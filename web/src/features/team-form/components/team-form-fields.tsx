import { zodResolver } from '@hookform/resolvers/zod';
import { AVATAR_MAX_BYTES } from '@core/avatars';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button/button';
import { Flex, Image, Text } from '@/components/ui/themed/primitives';
import { DropZone } from '@/components/ui/drop-zone/drop-zone';
import { FormSelectField, FormTextAreaField } from '@/components/ui/form/form-choice-fields';
import { FormTextField } from '@/components/ui/form/form-fields';
import { LeaveGuard } from '@/components/ui/leave-guard/leave-guard';
import { AVATAR_ACCEPT, AVATAR_DROP_MESSAGES, GAME_OPTIONS, teamFieldsSchema, type TeamFields, type TeamFieldsInput } from '../lib/team-form';

interface TeamFormFieldsProps {
  initial: TeamFields;
  /** The team's avatar now, shown until another image is chosen. */
  currentAvatar?: string;
  submitLabel: string;
  submittingLabel: string;
  /** Gets the checked fields and the chosen image (null: keep the avatar); the form stays busy until it settles. */
  onSubmit: (fields: TeamFields, avatar: File | null) => Promise<void>;
  /** Buttons beside submit (a dialog's Cancel). */
  extraActions?: ReactNode;
}

/** A preview address for the chosen file, released when the file changes or the form goes. */
function usePreview(file: File | null): string | null {
  const url = useMemo(() => (file ? URL.createObjectURL(file) : null), [file]);
  useEffect(() => () => (url ? URL.revokeObjectURL(url) : undefined), [url]);
  return url;
}

/** The team form (docs/teams.md, "The team form"): name, description, game and the avatar drop zone; creation and edit share it. */
export function TeamFormFields({ initial, currentAvatar, submitLabel, submittingLabel, onSubmit, extraActions }: TeamFormFieldsProps) {
  const [avatar, setAvatar] = useState<File | null>(null);
  const preview = usePreview(avatar) ?? (currentAvatar || null);
  const form = useForm<TeamFieldsInput, unknown, TeamFields>({ resolver: zodResolver(teamFieldsSchema), defaultValues: initial });
  const { errors, isSubmitting, isDirty } = form.formState;

  return (
    <form className="fg-team-form" onSubmit={form.handleSubmit((fields) => onSubmit(fields, avatar))} noValidate>
      <FormTextField label="Name" autoComplete="off" maxLength={20} registration={form.register('name')} error={errors.name?.message} />
      <FormTextAreaField label="Description" autoComplete="off" registration={form.register('description')} error={errors.description?.message} />
      <FormSelectField label="Game" autoComplete="off" options={GAME_OPTIONS} registration={form.register('game')} error={errors.game?.message} />
      <div className="fg-team-form__avatar">
        <Text as="span" fontWeight="bold">
          Avatar
        </Text>
        {preview ? (
          <Flex alignItems="center" gap="small">
            <Image className="fg-team-form__preview" src={preview} alt={avatar ? `Chosen avatar ${avatar.name}` : 'Current avatar'} />
            {avatar ? (
              <Button size="small" variation="link" onClick={() => setAvatar(null)}>
                Remove {avatar.name}
              </Button>
            ) : null}
          </Flex>
        ) : null}
        <DropZone
          accept={AVATAR_ACCEPT}
          maxSize={AVATAR_MAX_BYTES}
          messages={AVATAR_DROP_MESSAGES}
          onFiles={([file]) => setAvatar(file ?? null)}
          disabled={isSubmitting}
        />
      </div>
      <LeaveGuard when={(isDirty || avatar !== null) && !isSubmitting} />
      <Flex gap="small" justifyContent="flex-end">
        {extraActions}
        <Button type="submit" variation="primary" isLoading={isSubmitting} loadingText={submittingLabel}>
          {submitLabel}
        </Button>
      </Flex>
    </form>
  );
}
