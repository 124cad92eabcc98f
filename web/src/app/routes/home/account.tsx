import { useToast } from '@/components/ui/toast/toast';
import { DeleteTab } from '@/features/account/components/delete-tab';
import { useSignOut } from '@/features/auth/hooks/use-sign-out';

export { AccountPage as AccountRoute } from '@/features/account/components/account-page';
export { ProfileTab as AccountProfileRoute } from '@/features/account/components/profile-tab';
export { NotificationsTab as AccountNotificationsRoute } from '@/features/account/components/notifications-tab';
export { DataTab as AccountDataRoute } from '@/features/account/components/data-tab';

/** /home/account/delete: once the account is gone, the session ends and sign-in opens. */
export function AccountDeleteRoute() {
  const toast = useToast();
  const { signOut } = useSignOut();
  return (
    <DeleteTab
      onDeleted={(message) => {
        toast.success(message);
        void signOut();
      }}
    />
  );
}
