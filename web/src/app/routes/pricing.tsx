import { AmplifyTheme } from '@/components/ui/amplify-theme';
import { Button } from '@/components/ui/button/button';
import { PublicLayout } from '@/components/layouts/public-layout';
import { EmptyState } from '@/components/ui/empty-state';
import { SessionViewerProvider } from '@/features/auth/components/session-viewer';
import { useSession } from '@/features/auth/hooks/use-session';
import { useSignOut } from '@/features/auth/hooks/use-sign-out';
import { ApiStatus } from '@/features/system/components/api-status';
import { TeamMemberGate } from '@/features/team-portals/components/team-member-gate';

/** /pricing (public): where plans will be bought; gamers land here after sign-in and sign-up. */
export function PricingPage() {
  const session = useSession();
  const { signOut, signingOut } = useSignOut();
  return (
    <PublicLayout footer={<ApiStatus />}>
      {session ? (
        <SessionViewerProvider>
          {/* TeamMemberGate uses Amplify UI's components. */}
          <AmplifyTheme>
            <TeamMemberGate onLogOut={() => void signOut()} loggingOut={signingOut} />
          </AmplifyTheme>
        </SessionViewerProvider>
      ) : null}
      <EmptyState
        title="Pricing"
        description="The team dashboard plan, with monthly and yearly prices and purchase, will appear here."
        actions={
          session ? (
            <Button onClick={() => void signOut()} isLoading={signingOut} loadingText="Signing out…">
              Sign Out
            </Button>
          ) : null
        }
        footer={
          session ? (
            <p className="amplify-text amplify-text--secondary fg-small-print">
              Signed in as {session.user.fullName ?? session.user.email}
            </p>
          ) : null
        }
      />
    </PublicLayout>
  );
}
