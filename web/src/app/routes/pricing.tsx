import { isDirector } from '@core/roles';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { PublicLayout } from '@/components/layouts/public-layout';
import { Button } from '@/components/ui/button/button';
import { ButtonLink } from '@/components/ui/link/button-link';
import { paths } from '@/config/paths';
import { SessionViewerProvider } from '@/features/auth/components/session-viewer';
import { useSession } from '@/features/auth/hooks/use-session';
import { useSignOut } from '@/features/auth/hooks/use-sign-out';
import { browserSession } from '@/features/auth/session/browser-session';
import { PricingPlans } from '@/features/billing/components/pricing-plans';
import { mayCheckIn } from '@/features/check-in/lib/may-check-in';
import { ApiStatus } from '@/features/system/components/api-status';
import { TeamMemberGate } from '@/features/team-portals/components/team-member-gate';
import { ME_QUERY_KEY } from '@/lib/query-client';
import '@/features/billing/billing.css';

/** How long the page waits for Stripe's word (the webhook) to make the buyer a Director, in one-second steps. */
const DIRECTOR_WAIT_STEPS = 15;

/** Refreshes the tokens until they carry the DIRECTOR group the purchase gave (the webhook may land a moment later). */
async function refreshUntilDirector(): Promise<void> {
  for (let step = 0; step < DIRECTOR_WAIT_STEPS; step += 1) {
    const session = await browserSession().refresh();
    if (!session || isDirector(session.groups)) return;
    await new Promise((resolve) => setTimeout(resolve, 1_000));
  }
}

/**
 * /pricing (public): the plans and their purchase; a new account without a team lands here after sign-up. A signed-in
 * gamer also has the way back to Today (docs/product.md, "Where FitGauge leaves the spec").
 */
export function PricingPage() {
  const session = useSession();
  const { signOut, signingOut } = useSignOut();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [searchParams] = useSearchParams();
  const teamId = searchParams.get('teamId') || null;

  const onPurchased = async ({ teamId: renewed }: { teamId: string | null }) => {
    await queryClient.invalidateQueries();
    if (renewed) return void navigate(paths.home.managerPortal);
    // After a first dashboard the buyer is a Director: new tokens, then the team creation page.
    await refreshUntilDirector();
    await queryClient.invalidateQueries({ queryKey: ME_QUERY_KEY });
    await navigate(paths.home.myTeam.new);
  };

  return (
    <PublicLayout footer={<ApiStatus />} variant="page">
      {session ? (
        <SessionViewerProvider>
          <TeamMemberGate onLogOut={() => void signOut()} loggingOut={signingOut} />
        </SessionViewerProvider>
      ) : null}
      <PricingPlans
        signedIn={session !== null}
        teamId={teamId}
        onPurchased={(purchase) => void onPurchased(purchase)}
        onSignOut={() => void signOut()}
        onSignUp={() => void navigate(paths.auth.signUp)}
      />
      {session ? (
        <div className="fg-pricing-session">
          <p className="amplify-text amplify-text--secondary fg-small-print">Signed in as {session.user.fullName ?? session.user.email}</p>
          {mayCheckIn(session.groups) ? <ButtonLink to={paths.home.today}>Go to Today</ButtonLink> : null}
          <Button onClick={() => void signOut()} isLoading={signingOut} loadingText="Signing out…">
            Sign Out
          </Button>
        </div>
      ) : null}
    </PublicLayout>
  );
}
