import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Text } from '@aws-amplify/ui-react';
import { applyCouponArgsSchema, INVALID_COUPON, MAX_COUPON_LENGTH } from '@core/validation/billing';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { FormTextField } from '@/components/ui/form/form-fields';
import { applyCouponToEmail } from '../api/billing-api';

export const COUPON_APPLIED = 'Coupon applied successfully!';

interface CouponFormProps {
  /** The code from a coupon link (`/activate/coupon?code=`). */
  initialCode?: string;
  /** The signed-in account's e-mail (`/activate/coupon`): the coupon goes to it, without an e-mail field. */
  accountEmail?: string;
}

/**
 * Spec 000 sections 2 and 5: `/coupon` (e-mail, coupon, Apply coupon) and the signed-in `/activate/coupon`. Any
 * failure, a malformed code included, says `Invalid coupon`; success says `Coupon applied successfully!`.
 */
export function CouponForm({ initialCode = '', accountEmail }: CouponFormProps) {
  const [message, setMessage] = useState<{ text: string; ok: boolean } | null>(null);
  const form = useForm<z.input<typeof applyCouponArgsSchema>, unknown, z.output<typeof applyCouponArgsSchema>>({
    resolver: zodResolver(applyCouponArgsSchema),
    defaultValues: { email: accountEmail ?? '', couponId: initialCode },
  });
  const { errors, isSubmitting } = form.formState;
  // The code's own error is the page's message, as the server's would be.
  const shownMessage = errors.couponId && !errors.email ? { text: INVALID_COUPON, ok: false } : message;

  const onSubmit = form.handleSubmit(async ({ email, couponId }) => {
    setMessage(null);
    try {
      await applyCouponToEmail(email, couponId);
      setMessage({ text: COUPON_APPLIED, ok: true });
    } catch {
      setMessage({ text: INVALID_COUPON, ok: false });
    }
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
        <Text role="status" color={shownMessage.ok ? 'font.success' : 'font.error'}>
          {shownMessage.text}
        </Text>
      ) : null}
    </form>
  );
}
