import { INVALID_COUPON, MAX_COUPON_LENGTH } from '@core/billing/validation';
import { useState } from 'react';
import { Button } from '@/components/ui/button/button';
import { Flex, Text } from '@/components/ui/themed/primitives';
import { TextField } from '@/components/ui/form/fields';
import { Dialog, INITIAL_FOCUS } from '@/components/ui/dialog/dialog';
import { useCheckCoupon } from '../api/coupons';
import { couponMessage } from '../lib/coupon-message';

interface CouponDialogProps {
  open: boolean;
  /** The product the coupon is checked against (a subscription config id, or extra-gamer-seat). */
  productId: string;
  /** Redeem (with the checked code) or Skip (null). */
  onDone: (couponId: string | null) => void;
  onClose: () => void;
}

/**
 * The coupon step of a purchase (docs/billing.md, "The web app"). The code is trimmed; Apply checks it and says
 * `You got {percent}% off!` or `Invalid coupon`; Redeem is disabled while that result is empty or invalid; Skip buys
 * without one.
 */
export function CouponDialog({ open, productId, onDone, onClose }: CouponDialogProps) {
  const [code, setCode] = useState('');
  const [result, setResult] = useState<{ code: string; message: string; valid: boolean } | null>(null);
  const [checking, setChecking] = useState(false);
  const checkCoupon = useCheckCoupon();
  const trimmed = code.trim();

  const apply = async () => {
    setChecking(true);
    try {
      const coupon = await checkCoupon.mutateAsync({ couponId: trimmed, product: productId });
      setResult({ code: trimmed, valid: coupon.valid, message: couponMessage(coupon) });
    } catch {
      setResult({ code: trimmed, valid: false, message: INVALID_COUPON });
    } finally {
      setChecking(false);
    }
  };
  // A result holds for the code it was checked for; typing another code empties it.
  const current = result?.code === trimmed ? result : null;

  return (
    <Dialog
      open={open}
      title="Do you have a coupon?"
      onClose={onClose}
      actions={
        <>
          <Button onClick={() => onDone(null)}>Skip</Button>
          <Button variation="primary" isDisabled={!current?.valid} onClick={() => current && onDone(current.code)}>
            Redeem
          </Button>
        </>
      }
    >
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (trimmed) void apply();
        }}
      >
        <Flex direction="row" alignItems="flex-end" gap="small">
          <TextField
            label="Coupon"
            value={code}
            onChange={(event) => setCode(event.target.value)}
            maxLength={MAX_COUPON_LENGTH}
            autoComplete="off"
            {...INITIAL_FOCUS}
          />
          <Button type="submit" isDisabled={!trimmed} isLoading={checking} loadingText="Apply">
            Apply
          </Button>
        </Flex>
      </form>
      {current ? (
        <Text role="status" color={current.valid ? 'font.success' : 'font.error'} marginTop="small">
          {current.message}
        </Text>
      ) : null}
    </Dialog>
  );
}
