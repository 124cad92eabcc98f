import { useSearchParams } from 'react-router-dom';
import { Heading, Text } from '@/components/ui/themed/primitives';
import { PublicLayout } from '@/components/layouts/public-layout';
import { ButtonLink } from '@/components/ui/link/button-link';
import { paths, withQuery } from '@/config/paths';
import { useSession } from '@/features/auth/hooks/use-session';
import { loginPath } from '@/features/auth/routing';
import { CouponConfirmation } from '@/features/billing/components/coupon-confirmation';
import { CouponForm } from '@/features/billing/components/coupon-form';
import '@/features/billing/billing.css';

/** /coupon (public): a coupon applied to the account of an e-mail. */
export function CouponRoute() {
  return (
    <PublicLayout>
      <Heading level={1}>Apply a coupon</Heading>
      <CouponForm />
    </PublicLayout>
  );
}

/** The query parameter of a coupon link (`/activate/coupon?code=WELCOME20`). */
const CODE_PARAM = 'code';

/** /activate/coupon (a coupon link): applied to the signed-in account, or sign in first and come back. */
export function ActivateCouponRoute() {
  const session = useSession();
  const [searchParams] = useSearchParams();
  const code = (searchParams.get(CODE_PARAM) ?? '').trim();
  const back = withQuery(paths.activateCoupon, code ? { [CODE_PARAM]: code } : {});
  return (
    <PublicLayout>
      <Heading level={1}>Activate your coupon</Heading>
      {session ? (
        <CouponForm initialCode={code} accountEmail={session.user.email} />
      ) : (
        <>
          <Text>Sign in to apply this coupon to your account.</Text>
          <ButtonLink variation="primary" to={loginPath(back)}>
            Sign In
          </ButtonLink>
        </>
      )}
    </PublicLayout>
  );
}

/** /coupon/confirm?token=&account= (the link mailed for a coupon applied to an e-mail): applies the waiting coupon. */
export function ConfirmCouponRoute() {
  const [searchParams] = useSearchParams();
  return (
    <PublicLayout>
      <Heading level={1}>Confirm your coupon</Heading>
      <CouponConfirmation token={(searchParams.get('token') ?? '').trim()} account={(searchParams.get('account') ?? '').trim()} />
    </PublicLayout>
  );
}
