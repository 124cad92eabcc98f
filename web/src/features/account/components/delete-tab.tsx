import { zodResolver } from '@hookform/resolvers/zod';
import { ACCOUNT_MESSAGES } from '@core/account';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Alert } from '@/components/ui/alert/alert';
import { Button } from '@/components/ui/button/button';
import { FormTextField } from '@/components/ui/form/form-fields';
import { useDeleteAccount } from '../api/delete-account';
import { deleteFormSchema } from '../lib/account-forms';
import { AccountProfileGate } from './account-profile-gate';

interface DeleteTabProps {
  /** After the account is deleted: the app signs the user out. */
  onDeleted: (message: string) => void;
}

/**
 * /home/account/delete: deleting the account, confirmed by typing its e-mail. The server refuses while the user owns
 * a team whose subscription runs, and says why; the refusal shows here.
 */
export function DeleteTab({ onDeleted }: DeleteTabProps) {
  return <AccountProfileGate>{(profile) => <DeleteForm email={profile.email} onDeleted={onDeleted} />}</AccountProfileGate>;
}

function DeleteForm({ email, onDeleted }: { email: string } & DeleteTabProps) {
  const [refusal, setRefusal] = useState<string | null>(null);
  const deleteAccount = useDeleteAccount();
  const form = useForm<{ email: string }>({ resolver: zodResolver(deleteFormSchema(email)), defaultValues: { email: '' } });
  const { errors, isSubmitting } = form.formState;
  const submit = async ({ email: typed }: { email: string }) => {
    setRefusal(null);
    try {
      await deleteAccount.mutateAsync(typed);
      onDeleted(ACCOUNT_MESSAGES.deleted);
    } catch (reason) {
      setRefusal(reason instanceof Error ? reason.message : String(reason));
    }
  };
  return (
    <section aria-labelledby="fg-account-delete">
      <h2 id="fg-account-delete">Delete your account</h2>
      <Alert variation="warning" heading="This cannot be undone">
        Your profile, answers, scores, team memberships, invites, shares and avatar are deleted, and you are signed out. You can sign up again with
        the same e-mail later, starting from nothing.
      </Alert>
      <form className="fg-account__form" aria-label="Delete account" onSubmit={form.handleSubmit(submit)} noValidate>
        {refusal ? (
          <Alert variation="error" heading="Your account was not deleted" role="alert">
            {refusal}
          </Alert>
        ) : null}
        <FormTextField
          label={`Type ${email} to confirm`}
          type="email"
          autoComplete="off"
          registration={form.register('email')}
          error={errors.email?.message}
        />
        <div className="fg-account__actions">
          <Button type="submit" variation="destructive" isLoading={isSubmitting} loadingText="Deleting…">
            Delete my account
          </Button>
        </div>
      </form>
    </section>
  );
}
