import { manualPaymentSchema, PAYMENT_FREQUENCIES } from '@core/billing/admin-validation';
import { useState } from 'react';
import { Button } from '@/components/ui/button/button';
import { Dialog, INITIAL_FOCUS } from '@/components/ui/dialog/dialog';
import { TextField } from '@/components/ui/form/fields';
import { useToast } from '@/components/ui/toast/toast';
import { useCreatePayment } from '../api/payments';
import { asOptions, ErrorLine, SelectField } from './fields';

/**
 * Add Payment (docs/billing.md, "The pages"): e-mail and payment frequency, both required (the button stays disabled
 * until both are given); a refused creation is shown inline in red, a success as a toast.
 */
export function AddPaymentDialog({ open, onClose, onAdded }: { open: boolean; onClose: () => void; onAdded: () => void }) {
  const toast = useToast();
  const createPayment = useCreatePayment();
  const [email, setEmail] = useState('');
  const [paymentFrequency, setPaymentFrequency] = useState<(typeof PAYMENT_FREQUENCIES)[number] | ''>('');
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const close = () => {
    setEmail('');
    setPaymentFrequency('');
    setError(null);
    onClose();
  };

  const submit = async () => {
    const parsed = manualPaymentSchema.safeParse({ email, paymentFrequency });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Invalid input.');
      return;
    }
    setSaving(true);
    setError(null);
    try {
      const payment = await createPayment.mutateAsync(parsed.data);
      toast.success(`Payment added for ${payment.User.email}.`);
      onAdded();
      close();
    } catch (failure) {
      setError((failure as Error).message);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Dialog
      open={open}
      title="Add Payment"
      onClose={close}
      actions={
        <>
          <Button onClick={close}>Cancel</Button>
          <Button
            variation="primary"
            isDisabled={!email.trim() || !paymentFrequency}
            isLoading={saving}
            loadingText="Adding…"
            onClick={() => void submit()}
          >
            Add Payment
          </Button>
        </>
      }
    >
      <form
        className="fg-admin-form"
        onSubmit={(event) => {
          event.preventDefault();
          if (email.trim() && paymentFrequency) void submit();
        }}
      >
        <TextField
          label="Email"
          type="email"
          autoComplete="off"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          required
          {...INITIAL_FOCUS}
        />
        <SelectField
          label="Payment frequency"
          value={paymentFrequency}
          options={asOptions(PAYMENT_FREQUENCIES)}
          emptyLabel="Choose…"
          onChange={setPaymentFrequency}
        />
        <p className="fg-admin-hint">The account gets Pro Admin from today for one month or one year.</p>
        <ErrorLine message={error} />
      </form>
    </Dialog>
  );
}
