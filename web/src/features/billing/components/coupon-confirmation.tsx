import { COUPON_APPLIED, COUPON_LINK_INVALID, INVALID_COUPON } from '@core/billing/validation';
import { useEffect, useRef, useState } from 'react';
import { Text } from '@/components/ui/themed/primitives';
import { Loader } from '@/components/ui/loader';
import { ApiError } from '@/lib/api-client';
import { useConfirmCoupon } from '../api/coupons';

/**
 * `/coupon/confirm?token=&account=` (the link mailed by applyCouponToEmail): opening it applies the waiting coupon to
 * the account of the mailbox it was sent to, which the page names (`account`, its e-mail: only an account that proved
 * that mailbox is credited; docs/billing.md, "Who may redeem a coupon"). The token works once.
 */
export function CouponConfirmation({ token, account }: { token: string; account: string }) {
  const [result, setResult] = useState<{ text: string; ok: boolean } | null>(null);
  const started = useRef(false);
  const { mutateAsync: confirmCoupon } = useConfirmCoupon();

  useEffect(() => {
    // Once: the token is spent by the first call (React's development double effect must not spend it twice).
    if (started.current || !token) return;
    started.current = true;
    confirmCoupon(token).then(
      () => setResult({ text: COUPON_APPLIED, ok: true }),
      (error: unknown) => {
        const known =
          error instanceof ApiError &&
          (error.message === COUPON_LINK_INVALID || error.errorType === 'Conflict' || error.errorType === 'TooManyRequests');
        setResult({ text: known ? (error as ApiError).message : INVALID_COUPON, ok: false });
      },
    );
  }, [token, confirmCoupon]);

  const shown = token ? result : { text: COUPON_LINK_INVALID, ok: false };
  if (!shown) return <Loader />;
  return (
    <>
      {token && account ? <Text>{`For the FitGauge account ${account}.`}</Text> : null}
      <Text role="status" color={shown.ok ? 'font.success' : 'font.error'}>
        {shown.text}
      </Text>
    </>
  );
}
