import { zodResolver } from '@hookform/resolvers/zod';
import { EMAIL_PROOF_MESSAGES } from '@core/email-proof';
import { applyCouponArgsSchema, COUPON_APPLIED, COUPON_CONFIRM_BY_MAIL, INVALID_COUPON, MAX_COUPON_LENGTH } from '@core/billing/validation';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '@/components/ui/button/button';
import { Text } from '@/components/ui/themed/primitives';
import { EmailProofDialog } from '@/components/email-proof/email-proof-dialog';
import { FormTextField } from '@/components/ui/form/form-fields';
import { ApiError } from '@/lib/api-client';
import { getEmailProofState } from '@/lib/email-proof';
import { useApplyCouponToEmail } from '../api/coupons';

interface CouponFormProps {
  /** The code from a coupon link (`/activate/coupon?code=`). */
  initialCode?: string;
  /** The signed-in account's e-mail (`/activate/coupon`): the coupon goes to it, without an e-mail field. */
  accountEmail?: string;
}

interface Message {
  text: string;
  ok: boolean;
  /** A second line: where the coupon waits for the mailbox's confirmation. */
  detail?: string;
}

/** A refusal as the page says it: over the limit its own message, anything else `Invalid coupon` (docs/billing.md, "The web app"). */
const failureOf = (error: unknown): Message =>
  error instanceof ApiError && error.errorType === 'TooManyRequests' ? { text: error.message, ok: false } : { text: INVALID_COUPON, ok: false };

/**
 * docs/billing.md, "The web app": `/coupon` (e-mail, coupon, Apply coupon) and the signed-in `/activate/coupon`. Any
 * failure, a malformed code included, says `Invalid coupon` (over the limit, the limit's message); success says
 * `Coupon applied successfully!`. Signed out, the coupon waits for the link mailed to the e-mail: the same second line
 * for every e-mail, as the answer is the same whether or not it has an account (docs/billing.md). Signed in, an
 * account whose mailbox is not proven yet is offered the code dialog first, and the coupon then applies at once.
 */
export function CouponForm({ initialCode = '', accountEmail }: CouponFormProps) {
  const [message, setMessage] = useState<Message | null>(null);
  const [pending, setPending] = useState<{ email: string; couponId: string } | null>(null);
  const applyCoupon = useApplyCouponToEmail({ signedIn: Boolean(accountEmail) });
  const form = useForm<z.input<typeof applyCouponArgsSchema>, unknown, z.output<typeof applyCouponArgsSchema>>({
    resolver: zodResolver(applyCouponArgsSchema),
    defaultValues: { email: accountEmail ?? '', couponId: initialCode },
  });
  const { errors, isSubmitting } = form.formState;
  // The code's own error is the page's message, as the server's would be.
  const shownMessage = errors.couponId && !errors.email ? { text: INVALID_COUPON, ok: false } : message;

  const apply = async (email: string, couponId: string) => {
    try {
      await applyCoupon.mutateAsync({ email, couponId });
      setMessage(accountEmail ? { text: COUPON_APPLIED, ok: true } : { text: COUPON_APPLIED, ok: true, detail: COUPON_CONFIRM_BY_MAIL });
    } catch (error) {
      setMessage(failureOf(error));
    }
  };

  const onSubmit = form.handleSubmit(async ({ email, couponId }) => {
    setMessage(null);
    if (accountEmail) {
      const state = await getEmailProofState().catch(() => null);
      if (state && !state.proven) {
        setPending({ email, couponId });
        return;
      }
    }
    await apply(email, couponId);
  });

  return (
    <form className="fg-coupon-page" onSubmit={(event) => void onSubmit(event)} noValidate>
      {accountEmail ? (
        <Text>
          The coupon is applied to <strong>{accountEmail}</strong>.
        </Text>
      ) : (
        <FormTextField label="E-mail" type="email" autoComplete="email" registration={form.register('email')} error={errors.email?.message} />
      )}
      <FormTextField label="Coupon" autoComplete="off" maxLength={MAX_COUPON_LENGTH} registration={form.register('couponId')} />
      <Button type="submit" variation="primary" isLoading={isSubmitting} loadingText="Apply coupon">
        Apply coupon
      </Button>
      {shownMessage ? (
        <div role="status">
          <Text color={shownMessage.ok ? 'font.success' : 'font.error'}>{shownMessage.text}</Text>
          {'detail' in shownMessage && shownMessage.detail ? <Text>{shownMessage.detail}</Text> : null}
        </div>
      ) : null}
      {accountEmail ? (
        <EmailProofDialog
          open={pending !== null}
          email={accountEmail}
          reason={EMAIL_PROOF_MESSAGES.neededForCoupon}
          onClose={() => setPending(null)}
          onProven={() => {
            const claim = pending;
            setPending(null);
            if (claim) void apply(claim.email, claim.couponId);
          }}
        />
      ) : null}
    </form>
  );
}
