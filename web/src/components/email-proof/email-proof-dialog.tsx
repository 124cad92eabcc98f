import { EMAIL_PROOF_CODE_LENGTH, EMAIL_PROOF_MESSAGES, proveEmailArgsSchema } from '@core/email-proof';
import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button/button';
import { Dialog, INITIAL_FOCUS } from '@/components/ui/dialog/dialog';
import { TextField } from '@/components/ui/form/fields';
import { ApiError } from '@/lib/api-client';
import { proveEmail, sendEmailProof } from '@/lib/email-proof';

interface EmailProofDialogProps {
  open: boolean;
  /** The account's e-mail, where the code goes. */
  email: string;
  /** Why the proof is asked for (e.g. the refused trial's message); a general line when not given. */
  reason?: string;
  onClose: () => void;
  /** The mailbox is proven (or was already): the caller goes on with what needed it. */
  onProven: () => void;
}

const messageOf = (error: unknown) => (error instanceof ApiError ? error.message : 'Something went wrong. Please try again.');

/**
 * "Send me a code / enter the code" (docs/accounts.md, "Proving your mailbox"): mails a 6-digit code to the account's
 * e-mail, then checks the code typed; on success the account's mailbox is proven and `onProven` is called.
 */
export function EmailProofDialog({ open, email, reason, onClose, onProven }: EmailProofDialogProps) {
  const [sent, setSent] = useState(false);
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  const close = () => {
    setSent(false);
    setCode('');
    setError(null);
    setNotice(null);
    onClose();
  };

  const send = async () => {
    setBusy(true);
    setError(null);
    try {
      await sendEmailProof();
      setSent(true);
      setNotice(`We sent a ${EMAIL_PROOF_CODE_LENGTH}-digit code to ${email}.`);
    } catch (failure) {
      if (failure instanceof ApiError && failure.errorType === 'Conflict') {
        onProven();
        return;
      }
      setError(messageOf(failure));
    } finally {
      setBusy(false);
    }
  };

  const confirm = async (event: FormEvent) => {
    event.preventDefault();
    // The dialog may sit inside another form (the profile): its submit must not reach that form through the portal.
    event.stopPropagation();
    const parsed = proveEmailArgsSchema.safeParse({ code });
    if (!parsed.success) {
      setError(EMAIL_PROOF_MESSAGES.codeInvalid);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await proveEmail(parsed.data.code);
      setSent(false);
      setCode('');
      setNotice(null);
      onProven();
    } catch (failure) {
      setError(messageOf(failure));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog
      open={open}
      title="Confirm your e-mail address"
      onClose={close}
      bodyDescribes={!sent}
      actions={
        sent ? (
          <>
            <Button onClick={() => void send()} isDisabled={busy}>
              Send a new code
            </Button>
            <Button type="submit" form="fg-email-proof-form" variation="primary" isLoading={busy} loadingText="Confirming">
              Confirm
            </Button>
          </>
        ) : (
          <>
            <Button onClick={close}>Cancel</Button>
            <Button variation="primary" onClick={() => void send()} isLoading={busy} loadingText="Sending" {...INITIAL_FOCUS}>
              Send me a code
            </Button>
          </>
        )
      }
    >
      <p>{reason ?? 'Some things (a free trial, a coupon) need an e-mail address you have shown you read.'}</p>
      {sent ? (
        <form id="fg-email-proof-form" onSubmit={(event) => void confirm(event)} noValidate>
          {notice ? <p role="status">{notice}</p> : null}
          <TextField
            label="Code from the e-mail"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={EMAIL_PROOF_CODE_LENGTH * 4}
            value={code}
            onChange={(event) => setCode(event.target.value)}
            hasError={error !== null}
            errorMessage={error ?? undefined}
            {...INITIAL_FOCUS}
          />
        </form>
      ) : (
        <>
          <p>
            We send a {EMAIL_PROOF_CODE_LENGTH}-digit code to <strong>{email}</strong>.
          </p>
          {error ? (
            <p role="alert" className="fg-text-error">
              {error}
            </p>
          ) : null}
        </>
      )}
    </Dialog>
  );
}
