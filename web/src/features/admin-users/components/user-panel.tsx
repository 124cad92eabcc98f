import { zodResolver } from '@hookform/resolvers/zod';
import { MANAGES } from '@core/policy';
import { primaryRole, roleLabel } from '@core/roles';
import { userEditFormSchema, type UserEditForm } from '@core/users/validation';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router-dom';
import { LoadError } from '@/components/errors/load-error';
import { Alert } from '@/components/ui/alert/alert';
import { Button } from '@/components/ui/button/button';
import { FormSelectField } from '@/components/ui/form/form-choice-fields';
import { FormTextField } from '@/components/ui/form/form-fields';
import { TextField } from '@/components/ui/form/fields';
import { PageLoader } from '@/components/ui/page-loader';
import { useToast } from '@/components/ui/toast/toast';
import { LeaveGuard } from '@/components/ui/leave-guard/leave-guard';
import { paths, withParams } from '@/config/paths';
import { type UserChanges, useUpdateUser } from '../api/user-actions';
import { type AdminUser, useUser } from '../api/users';

/** What a save says (docs/accounts.md, "Profile edits and admin actions"). */
const USER_UPDATED = 'Details were updated successfully!';

/** The roles the viewer may give (the management map), with the user's own role kept so the form shows it. */
function roleOptions(groups: readonly string[], current: string | null) {
  const viewerRole = primaryRole(groups);
  const roles = new Set<string>(viewerRole ? MANAGES[viewerRole] : []);
  if (current) roles.add(current);
  return [{ value: '', label: 'Choose a role' }, ...[...roles].map((role) => ({ value: role, label: roleLabel(role) }))];
}

/** Only what the admin changed is sent: the server then changes the role only when it differs (docs/accounts.md). */
function changesOf(user: AdminUser, form: UserEditForm): UserChanges {
  const changes: UserChanges = {};
  if (form.fullName !== (user.fullName ?? '')) changes.fullName = form.fullName;
  if (form.username !== (user.username ?? '')) changes.username = form.username || null;
  if (form.role !== user.role) changes.role = form.role;
  return changes;
}

function UserForm({ user, groups }: { user: AdminUser; groups: readonly string[] }) {
  const toast = useToast();
  const update = useUpdateUser();
  const [error, setError] = useState<string | null>(null);
  const form = useForm<UserEditForm>({
    resolver: zodResolver(userEditFormSchema),
    defaultValues: {
      fullName: user.fullName ?? '',
      username: user.username ?? '',
      role: user.role ?? undefined,
    },
  });
  const { errors, isSubmitting, isDirty } = form.formState;

  const save = form.handleSubmit(async (values) => {
    setError(null);
    try {
      // The users are refreshed once saved.
      await update.mutateAsync({ id: user.id, changes: changesOf(user, values) });
      form.reset(values);
      toast.success(USER_UPDATED);
    } catch (reason) {
      // A failed update shows the server's message (docs/accounts.md, "Profile edits and admin actions").
      setError(reason instanceof Error ? reason.message : String(reason));
    }
  });

  return (
    <form className="fg-users__panel-form" onSubmit={(event) => void save(event)} noValidate>
      <LeaveGuard when={isDirty && !isSubmitting} />
      {error ? (
        <Alert variation="error" role="alert">
          {error}
        </Alert>
      ) : null}
      <FormTextField label="Full name" autoComplete="off" registration={form.register('fullName')} error={errors.fullName?.message} />
      <FormTextField label="Username" autoComplete="off" registration={form.register('username')} error={errors.username?.message} />
      <TextField label="E-mail" type="email" value={user.email} readOnly />
      <FormSelectField
        label="Role"
        autoComplete="off"
        registration={form.register('role')}
        error={errors.role?.message}
        options={roleOptions(groups, user.role)}
      />
      <Button type="submit" variation="primary" isLoading={isSubmitting} loadingText="Saving…">
        Save
      </Button>
    </form>
  );
}

/**
 * /home/users/:id: the user's side panel over the list (docs/accounts.md, "Profile edits and admin actions"):
 * full name, username and role, the e-mail read-only, and the enable/disable button leading to its confirmation.
 */
export function UserPanel({ userId, groups, onClose }: { userId: string; groups: readonly string[]; onClose: () => void }) {
  const user = useUser(userId);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);

  return (
    <aside className="fg-users__panel" aria-labelledby="fg-users-panel-title" onKeyDown={(event) => event.key === 'Escape' && onClose()}>
      <div className="fg-users__panel-head">
        <h2 id="fg-users-panel-title" tabIndex={-1} ref={heading}>
          User details
        </h2>
        <Button variation="link" onClick={onClose} aria-label="Close user details">
          Close
        </Button>
      </div>
      {user.isPending ? (
        <PageLoader label="Loading the user…" />
      ) : user.isError ? (
        <LoadError heading="The user could not be loaded" error={user.error} onRetry={() => void user.refetch()} />
      ) : !user.data ? (
        <p>This user no longer exists.</p>
      ) : (
        <>
          <UserForm user={user.data} groups={groups} />
          <p className="fg-users__panel-status">Status: {user.data.enabled ? 'Active' : 'Inactive'}</p>
          <Link
            className={`amplify-button amplify-field-group__control${user.data.enabled ? ' amplify-button--warning' : ''}`}
            to={withParams(user.data.enabled ? paths.home.disableUser : paths.home.enableUser, { id: user.data.id })}
          >
            {user.data.enabled ? 'Disable user' : 'Enable user'}
          </Link>
        </>
      )}
    </aside>
  );
}
