import { formatPrice, renewalFrequency } from '@core/billing/plans';
import { CardElement, Elements, useElements, useStripe } from '@stripe/react-stripe-js';
import { useEffect, useState } from 'react';
import { Button } from '@/components/ui/button/button';
import { Flex, Text } from '@/components/ui/themed/primitives';
import { Loader } from '@/components/ui/loader';
import { Dialog } from '@/components/ui/dialog/dialog';
import { MessageDialog } from '@/components/ui/dialog/message-dialog';
import { EMAIL_NOT_PROVEN } from '@core/email-proof';
import { EmailProofDialog } from '@/components/email-proof/email-proof-dialog';
import { toApiError } from '@/lib/api-client';
import { getEmailProofState } from '@/lib/email-proof';
import { type PurchaseRequest, useUpgradeSubscription } from '../api/subscriptions';
import { stripeForSite } from '../stripe/load-stripe';
import { CouponDialog } from './coupon-dialog';

/** The card form opens this long after the purchase was requested (docs/billing.md, "The web app"). */
const PAYMENT_FORM_DELAY_MS = 500;

const PAYMENT_FAILED = 'Payment processing failed!';

type Step =
  | { kind: 'coupon' }
  | { kind: 'processing' }
  /** A coupon needs a proven mailbox: the code dialog, then the same purchase again. */
  | { kind: 'prove'; couponId: string | null; email: string; reason: string }
  | { kind: 'card'; clientSecret: string; amountDue: number }
  | { kind: 'bank' }
  | { kind: 'success' }
  | { kind: 'failed'; message: string };

interface PurchaseFlowProps {
  /** What is bought (without the coupon, which the flow asks for). */
  purchase: Omit<PurchaseRequest, 'couponId'>;
  /** `month` or `year`: the success dialog's renewal text. */
  planType: string;
  /** What is bought and its price, in words ("Team Performance Plan, $99.00 a month"): the card dialog repeats it. */
  item: string;
  /** Continue on Payment successful!: the purchase is done. */
  onPurchased: () => void;
  /** Continue on the bank dialog: the user signs out, confirms with the bank, and signs in again. */
  onSignOut: () => void;
  /** The flow was left (Cancel, Close, Skip-less close). */
  onClose: () => void;
}

/**
 * The purchase (docs/billing.md, "The web app"): coupon (apply or skip), upgradeSubscription (a coupon first asks an
 * account without a proven mailbox to prove it, in the code dialog); nothing due or already active goes straight to
 * Payment successful!; otherwise the card form after 500 ms, whose confirmation ends in success, the bank-email dialog
 * (requires_action) or Payment processing failed!.
 */
export function PurchaseFlow({ purchase, planType, item, onPurchased, onSignOut, onClose }: PurchaseFlowProps) {
  const [step, setStep] = useState<Step>({ kind: 'coupon' });
  const upgrade = useUpgradeSubscription();

  const buy = async (couponId: string | null) => {
    setStep({ kind: 'processing' });
    try {
      const result = await upgrade.mutateAsync({ ...purchase, couponId });
      if (result.amountDue === 0 || result.status === 'active') return setStep({ kind: 'success' });
      if (!result.clientSecret) return setStep({ kind: 'failed', message: 'The payment could not be started.' });
      const clientSecret = result.clientSecret;
      setTimeout(() => setStep({ kind: 'card', clientSecret, amountDue: result.amountDue }), PAYMENT_FORM_DELAY_MS);
    } catch (error) {
      const refusal = toApiError(error);
      const proof = refusal.errorType === EMAIL_NOT_PROVEN ? await getEmailProofState().catch(() => null) : null;
      if (proof) return setStep({ kind: 'prove', couponId, email: proof.email, reason: refusal.message });
      setStep({ kind: 'failed', message: refusal.message });
    }
  };

  return (
    <>
      <CouponDialog open={step.kind === 'coupon'} productId={purchase.productId} onDone={(couponId) => void buy(couponId)} onClose={onClose} />
      {step.kind === 'prove' ? (
        <EmailProofDialog open email={step.email} reason={step.reason} onClose={onClose} onProven={() => void buy(step.couponId)} />
      ) : null}
      <Dialog open={step.kind === 'processing'} title="Processing your purchase" onClose={() => undefined}>
        <Flex alignItems="center" gap="small">
          <Loader />
          <Text>One moment…</Text>
        </Flex>
      </Dialog>
      {step.kind === 'card' ? (
        <CardPaymentDialog
          clientSecret={step.clientSecret}
          summary={`${item}. Due now: ${formatPrice(step.amountDue)}.`}
          onResult={(outcome) =>
            setStep(
              outcome === 'succeeded'
                ? { kind: 'success' }
                : outcome === 'requires_action'
                  ? { kind: 'bank' }
                  : { kind: 'failed', message: outcome.error },
            )
          }
          onCancel={onClose}
        />
      ) : null}
      <MessageDialog open={step.kind === 'success'} title="Payment successful!" actionLabel="Continue" onClose={onPurchased}>
        <Text>Thank you for your purchase. Your subscription renews {renewalFrequency(planType)}.</Text>
      </MessageDialog>
      <MessageDialog open={step.kind === 'bank'} title="Confirm the payment with your bank" actionLabel="Continue" onClose={onSignOut}>
        <Text>
          Your bank needs you to confirm this payment. Follow the instructions in the e-mail your bank sent you; you will be signed out now, and your
          purchase is ready when you sign in again after confirming.
        </Text>
      </MessageDialog>
      <MessageDialog open={step.kind === 'failed'} title={PAYMENT_FAILED} actionLabel="Close" onClose={onClose} alert>
        <Text>{step.kind === 'failed' ? step.message : null}</Text>
      </MessageDialog>
    </>
  );
}

type CardOutcome = 'succeeded' | 'requires_action' | { error: string };

/** The subscription payment dialog: the card form (Stripe Elements), Subscribe and Cancel. */
interface CardFormProps {
  clientSecret: string;
  /** What is bought and what is due now (after the coupon), said above the card fields. */
  summary: string;
  onResult: (outcome: CardOutcome) => void;
  onCancel: () => void;
}

function CardPaymentDialog(props: CardFormProps) {
  const [stripe] = useState(stripeForSite);
  return (
    <Elements stripe={stripe}>
      <CardForm {...props} />
    </Elements>
  );
}

function CardForm({ clientSecret, summary, onResult, onCancel }: CardFormProps) {
  const stripe = useStripe();
  const elements = useElements();
  const [paying, setPaying] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [unavailable, setUnavailable] = useState(false);

  useEffect(() => {
    void stripeForSite().then((loaded) => setUnavailable(loaded === null));
  }, []);

  const subscribe = async () => {
    const card = elements?.getElement(CardElement);
    if (!stripe || !card) return;
    setPaying(true);
    setProblem(null);
    // The app shows its own bank-email dialog for an authentication, so Stripe.js does not open one.
    const result = await stripe.confirmCardPayment(clientSecret, { payment_method: { card } }, { handleActions: false });
    setPaying(false);
    if (result.error?.type === 'validation_error') return setProblem(result.error.message ?? null);
    if (result.error) return onResult({ error: result.error.message ?? PAYMENT_FAILED });
    onResult(
      result.paymentIntent.status === 'requires_action'
        ? 'requires_action'
        : result.paymentIntent.status === 'succeeded'
          ? 'succeeded'
          : { error: PAYMENT_FAILED },
    );
  };

  return (
    <Dialog
      open
      title="Subscription payment"
      onClose={onCancel}
      actions={
        <>
          <Button onClick={onCancel} isDisabled={paying}>
            Cancel
          </Button>
          <Button variation="primary" onClick={() => void subscribe()} isLoading={paying} loadingText="Subscribe" isDisabled={!stripe || unavailable}>
            Subscribe
          </Button>
        </>
      }
    >
      <Text className="fg-purchase-summary">{summary}</Text>
      {unavailable ? <Text color="font.error">Card payments are not available on this site.</Text> : <CardElement className="fg-card-element" />}
      {problem ? (
        <Text role="alert" color="font.error" marginTop="small">
          {problem}
        </Text>
      ) : null}
    </Dialog>
  );
}
