import { zodResolver } from '@hookform/resolvers/zod';
import { Button } from '@/components/ui/button/button';
import { forgotPasswordEmailSchema, newPasswordSchema, RESET_CODE_LENGTH, resetCodeSchema } from '@core/auth/validation';
import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { useForm, type FieldErrors } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import type { z } from 'zod';
import { MessageDialog } from '@/components/ui/dialog/message-dialog';
import { FormPasswordField, FormTextField } from '@/components/ui/form/form-fields';
import { paths, withQuery } from '@/config/paths';
import { useRequestPasswordCode, useResetPassword, useVerifyPasswordCode } from '../api/password-reset';
import { accountErrorMessage } from '../errors';
import { AuthCard } from './auth-card';
import { PASSWORD_HINT } from '../password-hint';

/** An e-mail in the query string that matches a simple pattern sends the request at once (docs/accounts.md, "In the web app"). */
const SIMPLE_EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const RESET_FAILED = 'Password Reset Failed';
const TROUBLE = "We couldn't reach FitGauge. Please try again later.";

/** The spec's password reset state: request sent, then code verified (then the password is reset). */
type ResetState = { step: 'email' } | { step: 'code'; email: string } | { step: 'password'; email: string; code: string };

/** The first error of a form in field order: the reset flow reports one problem at a time, in a dialog. */
const firstError = (errors: FieldErrors, fields: readonly string[]) =>
  fields.map((field) => errors[field]?.message).find((message): message is string => typeof message === 'string') ?? null;

/** /auth/forgot-password: e-mail -> 6-digit code and Verify -> new password; errors and success in dialogs. */
export function ForgotPasswordPage() {
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const queryEmail = searchParams.get('email')?.trim() ?? '';
  const [state, setState] = useState<ResetState>({ step: 'email' });
  const [failure, setFailure] = useState<string | null>(null);
  const [changed, setChanged] = useState(false);
  const [busy, setBusy] = useState(false);
  const sendCode = useRequestPasswordCode();
  const verifyCode = useVerifyPasswordCode();
  const resetPassword = useResetPassword();

  const emailForm = useForm<z.input<typeof forgotPasswordEmailSchema>, unknown, z.output<typeof forgotPasswordEmailSchema>>({
    resolver: zodResolver(forgotPasswordEmailSchema),
    defaultValues: { email: queryEmail },
  });
  const codeForm = useForm<z.input<typeof resetCodeSchema>, unknown, z.output<typeof resetCodeSchema>>({
    resolver: zodResolver(resetCodeSchema),
    defaultValues: { code: '' },
  });
  const passwordForm = useForm<z.input<typeof newPasswordSchema>, unknown, z.output<typeof newPasswordSchema>>({
    resolver: zodResolver(newPasswordSchema),
    defaultValues: { password: '', confirmPassword: '' },
  });

  /** Runs one server step; its failure opens the dialog. */
  const step = async (work: () => Promise<void>) => {
    setBusy(true);
    try {
      await work();
    } catch (reason) {
      setFailure(accountErrorMessage(reason, TROUBLE));
    } finally {
      setBusy(false);
    }
  };

  const requestCode = (email: string) =>
    step(async () => {
      await sendCode.mutateAsync(email);
      codeForm.reset({ code: '' });
      setState({ step: 'code', email });
    });

  // Once, on arrival, for the address in the link.
  const autoSent = useRef(false);
  const sendForLinkedEmail = useEffectEvent(() => {
    if (autoSent.current || !SIMPLE_EMAIL.test(queryEmail)) return;
    autoSent.current = true;
    void requestCode(queryEmail.toLowerCase());
  });
  useEffect(() => sendForLinkedEmail(), []);

  const onEmail = emailForm.handleSubmit(
    ({ email }) => requestCode(email),
    (errors) => setFailure(firstError(errors, ['email'])),
  );

  const onCode = codeForm.handleSubmit(
    ({ code }) =>
      step(async () => {
        if (state.step !== 'code') return;
        await verifyCode.mutateAsync({ email: state.email, code });
        setState({ step: 'password', email: state.email, code });
      }),
    (errors) => setFailure(firstError(errors, ['code'])),
  );

  const onPassword = passwordForm.handleSubmit(
    ({ password }) =>
      step(async () => {
        if (state.step !== 'password') return;
        await resetPassword.mutateAsync({ email: state.email, code: state.code, password });
        setChanged(true);
      }),
    (errors) => setFailure(firstError(errors, ['password', 'confirmPassword'])),
  );

  const toLogin = () => {
    const email = state.step === 'email' ? '' : state.email;
    void navigate(withQuery(paths.auth.login, email ? { email } : {}), { replace: true });
  };

  return (
    <AuthCard title="Reset your password" intro={introOf(state)}>
      {state.step === 'email' ? (
        <form className="fg-auth__form" onSubmit={onEmail} noValidate>
          <FormTextField label="E-mail" type="email" autoComplete="email" registration={emailForm.register('email')} />
          <Button type="submit" variation="primary" isFullWidth isLoading={busy} loadingText="Sending…">
            Send code
          </Button>
        </form>
      ) : null}

      {state.step === 'code' ? (
        <form className="fg-auth__form" onSubmit={onCode} noValidate>
          <FormTextField
            label="Code"
            autoComplete="one-time-code"
            inputMode="numeric"
            maxLength={RESET_CODE_LENGTH}
            description={`The ${RESET_CODE_LENGTH}-digit code from the e-mail.`}
            registration={codeForm.register('code')}
          />
          <Button type="submit" variation="primary" isFullWidth isLoading={busy} loadingText="Checking…">
            Verify
          </Button>
          <div className="fg-auth__links">
            <button type="button" className="fg-text-link-button" onClick={() => void requestCode(state.email)} disabled={busy}>
              Send a new code
            </button>
            <button type="button" className="fg-text-link-button" onClick={() => setState({ step: 'email' })} disabled={busy}>
              Use another e-mail
            </button>
          </div>
        </form>
      ) : null}

      {state.step === 'password' ? (
        <form className="fg-auth__form" onSubmit={onPassword} noValidate>
          <FormPasswordField
            label="New password"
            autoComplete="new-password"
            description={PASSWORD_HINT}
            registration={passwordForm.register('password')}
          />
          <FormPasswordField label="Confirm new password" autoComplete="new-password" registration={passwordForm.register('confirmPassword')} />
          <Button type="submit" variation="primary" isFullWidth isLoading={busy} loadingText="Saving…">
            Change password
          </Button>
        </form>
      ) : null}

      <div className="fg-auth__links">
        <Link className="fg-link" to={paths.auth.login}>
          Back to sign in
        </Link>
      </div>

      <MessageDialog open={failure !== null} title={RESET_FAILED} actionLabel="OK" onClose={() => setFailure(null)} alert>
        <p>{failure}</p>
      </MessageDialog>
      <MessageDialog open={changed} title="Password changed" actionLabel="Sign in" onClose={toLogin}>
        <p>Your password has been changed. Sign in with your new password.</p>
      </MessageDialog>
    </AuthCard>
  );
}

function introOf(state: ResetState): string {
  if (state.step === 'email') return "Enter your account's e-mail address and we'll send you a 6-digit code.";
  if (state.step === 'code') return `If an account exists for ${state.email}, a 6-digit code is on its way. Enter it below.`;
  return 'Code verified. Choose a new password.';
}
