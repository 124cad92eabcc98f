import { useState } from 'react';
import { ConfirmDialog } from '@/components/ui/dialog/choice-dialog';
import { MessageDialog } from '@/components/ui/dialog/message-dialog';
import { useToast } from '@/components/ui/toast/toast';
import { type DeleteUsersResult, useDeleteUsers, useEnableDisableUser } from '../api/user-actions';
import { useUser, useUsersByIds } from '../api/users';

const describe = (user: { fullName: string | null; email: string }) => (user.fullName ? `${user.fullName} (${user.email})` : user.email);

/** /home/users/{id}/disable and /enable: the confirmation, then the action, a toast and back to the list. */
export function EnableDisableDialog({ action, userId, onDone }: { action: 'disable' | 'enable'; userId: string; onDone: () => void }) {
  const toast = useToast();
  const user = useUser(userId);
  // The users are refreshed before the toast and the way back.
  const run = useEnableDisableUser(action, {
    onSuccess: (changed) => {
      toast.success(`${changed.email} was ${action === 'disable' ? 'disabled' : 'enabled'}.`);
      onDone();
    },
  });
  const title = action === 'disable' ? 'Disable user' : 'Enable user';
  return (
    <ConfirmDialog
      open
      title={title}
      busy={run.isPending || user.isPending}
      onAccept={() => user.data && run.mutate(user.data.email)}
      onDecline={onDone}
    >
      {user.isPending
        ? 'Loading the user…'
        : !user.data
          ? 'This user no longer exists.'
          : action === 'disable'
            ? `Are you sure you want to disable ${describe(user.data)}? They are signed out everywhere and cannot sign in until enabled.`
            : `Are you sure you want to enable ${describe(user.data)}? They can sign in again.`}
      {run.error ? <span role="alert"> {run.error.message}</span> : null}
    </ConfirmDialog>
  );
}

/** What a bulk delete reports: how many went, and each e-mail that did not with its reason. */
function BulkDeleteReport({ result, onClose }: { result: DeleteUsersResult; onClose: () => void }) {
  return (
    <MessageDialog open title="Bulk delete" actionLabel="OK" onClose={onClose}>
      <p>{result.count === 1 ? '1 user was deleted.' : `${result.count} users were deleted.`}</p>
      {result.errors.length ? (
        <>
          <p>These could not be deleted:</p>
          <ul className="fg-users__delete-errors">
            {result.errors.map((failure) => (
              <li key={failure.email}>
                {failure.email}: {failure.message}
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </MessageDialog>
  );
}

/**
 * /home/users/{ids}/bulk-delete: the users named and a confirmation; then a toast and back to the list, or the server's
 * report per e-mail when some could not be deleted.
 */
export function BulkDeleteDialog({ userIds, onDone }: { userIds: string[]; onDone: (deletedIds: string[]) => void }) {
  const toast = useToast();
  const users = useUsersByIds(userIds);
  const [result, setResult] = useState<{
    report: DeleteUsersResult;
    deletedIds: string[];
  } | null>(null);
  const found = users.flatMap((query) => (query.data ? [query.data] : []));
  const loading = users.some((query) => query.isPending);
  // The users are refreshed before the report is read.
  const run = useDeleteUsers({
    onSuccess: (report) => {
      const failed = new Set(report.errors.map((failure) => failure.email));
      const deletedIds = found.filter((user) => !failed.has(user.email)).map((user) => user.id);
      // All gone: say how many and return to the list; a partial failure stays open to list what was not deleted.
      if (report.errors.length > 0) return setResult({ report, deletedIds });
      toast.success(report.count === 1 ? '1 user was deleted.' : `${report.count} users were deleted.`);
      onDone(deletedIds);
    },
  });

  if (result) return <BulkDeleteReport result={result.report} onClose={() => onDone(result.deletedIds)} />;
  return (
    <ConfirmDialog
      open
      title="Delete users"
      busy={run.isPending || loading}
      onAccept={() => found.length && run.mutate(found.map((user) => user.email))}
      onDecline={() => onDone([])}
    >
      {loading ? (
        'Loading the users…'
      ) : found.length === 0 ? (
        'None of these users exists any more.'
      ) : (
        <>
          <p>{`You are about to delete ${found.length === 1 ? describe(found[0]!) : `${found.length} users`}. Are you sure you want to proceed?`}</p>
          {found.length > 1 ? (
            <ul className="fg-users__delete-list">
              {found.map((user) => (
                <li key={user.id}>{describe(user)}</li>
              ))}
            </ul>
          ) : null}
        </>
      )}
      {run.error ? <p role="alert">{run.error.message}</p> : null}
    </ConfirmDialog>
  );
}
