import { zodResolver } from '@hookform/resolvers/zod';
import { Alert } from '@/components/ui/alert/alert';
import { Button } from '@/components/ui/button/button';
import { AUTH_ERRORS, MESSAGES, PASSWORD_RULES, signUpSchema } from '@core/auth/validation';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, Navigate, useSearchParams } from 'react-router-dom';
import type { z } from 'zod';
import { FormPasswordField, FormTextField } from '@/components/ui/form/form-fields';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { useSignUp } from '../api/sign-up';
import { accountErrorMessage } from '../errors';
import { useFinishSignIn } from '../hooks/use-finish-sign-in';
import { useSession } from '../hooks/use-session';
import { AuthCard } from './auth-card';
import { PASSWORD_HINT } from '../password-hint';

type SignUpForm = z.input<typeof signUpSchema>;

/** Which field a server validation message belongs to (the server re-checks the same rules). */
function fieldOf(message: string): keyof SignUpForm | null {
  if (message === MESSAGES.signUpPasswordsDiffer) return 'confirmPassword';
  if (message === MESSAGES.passwordRequired || message === AUTH_ERRORS.passwordRefused || PASSWORD_RULES.some((rule) => rule.message === message))
    return 'password';
  return null;
}

/**
 * What an invite mail's sign-up link carries (docs/teams.md): the invite's code, the invited address, and
 * `role=COACH` for a coach invite. The server checks the code against the address and the role.
 */
function inviteFromLink(params: URLSearchParams) {
  const inviteCode = params.get('invite') || undefined;
  return {
    inviteCode,
    email: params.get('email') ?? '',
    role: inviteCode && params.get('role') === 'COACH' ? ('COACH' as const) : undefined,
  };
}

/** /auth/signup: name, e-mail, password and confirmation; new accounts are gamers unless an invite link says coach. */
export function SignUpPage() {
  const [searchParams] = useSearchParams();
  const [invite] = useState(() => inviteFromLink(searchParams));
  const session = useSession();
  const [alreadySignedIn] = useState(() => session !== null);
  const [error, setError] = useState<string | null>(null);
  const finishSignIn = useFinishSignIn();
  const signUp = useSignUp();
  const form = useForm<SignUpForm, unknown, z.output<typeof signUpSchema>>({
    resolver: zodResolver(signUpSchema),
    defaultValues: { fullName: '', email: invite.email, password: '', confirmPassword: '' },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async ({ fullName, email, password, confirmPassword }) => {
    setError(null);
    try {
      const grant = await signUp.mutateAsync({
        data: { fullName, email },
        password,
        confirmPassword,
        role: invite.role,
        inviteCode: invite.inviteCode,
      });
      await finishSignIn(grant, { kind: 'signup' });
    } catch (reason) {
      const message = accountErrorMessage(reason);
      const field = reason instanceof ApiError && reason.errorType === 'ValidationError' ? fieldOf(message) : null;
      if (field) form.setError(field, { message }, { shouldFocus: true });
      else setError(message);
    }
  });

  if (alreadySignedIn) return <Navigate to={paths.home.root} replace />;

  return (
    <AuthCard title="Create your account" intro="Track your wellness and game readiness with FitGauge.">
      {error ? (
        <Alert variation="error" hasIcon>
          {error}
        </Alert>
      ) : null}
      <form className="fg-auth__form" onSubmit={onSubmit} noValidate>
        <FormTextField label="Name" autoComplete="name" registration={form.register('fullName')} error={errors.fullName?.message} />
        <FormTextField label="E-mail" type="email" autoComplete="email" registration={form.register('email')} error={errors.email?.message} />
        <FormPasswordField
          label="Password"
          autoComplete="new-password"
          description={PASSWORD_HINT}
          registration={form.register('password')}
          error={errors.password?.message}
        />
        <FormPasswordField
          label="Confirm password"
          autoComplete="new-password"
          registration={form.register('confirmPassword')}
          error={errors.confirmPassword?.message}
        />
        <Button type="submit" variation="primary" isFullWidth isLoading={isSubmitting} loadingText="Creating your account…">
          Sign Up
        </Button>
      </form>
      <div className="fg-auth__links">
        <span>
          Already have an account?{' '}
          <Link className="fg-link" to={paths.auth.login}>
            Sign in
          </Link>
        </span>
        <a className="fg-link" href={paths.pricing} target="_blank" rel="noopener">
          Pricing<span className="fg-visually-hidden"> (opens in a new tab)</span>
        </a>
      </div>
    </AuthCard>
  );
}
