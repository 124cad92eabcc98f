import { zodResolver } from '@hookform/resolvers/zod';
import { Alert } from '@/components/ui/alert/alert';
import { Button } from '@/components/ui/button/button';
import { AUTH_ERRORS } from '@core/auth/texts';
import { loginSchema } from '@core/auth/login';
import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Link, Navigate, useSearchParams } from 'react-router-dom';
import type { z } from 'zod';
import { FormPasswordField, FormTextField } from '@/components/ui/form/form-fields';
import { ButtonLink } from '@/components/ui/link/button-link';
import { paths, withQuery } from '@/config/paths';
import { useDiscordLogin, useLogin } from '../api/sign-in';
import { discordRedirectUri, finishDiscordReturn } from '../discord';
import { accountErrorMessage, DEFAULT_LOGIN_ERROR } from '../errors';
import { useFinishSignIn } from '../hooks/use-finish-sign-in';
import { useSession } from '../hooks/use-session';
import { REDIRECT_PARAM, safeRedirect } from '../routing';
import { browserSession } from '../session/browser-session';
import type { SessionEnd } from '../session/session-store';
import { AuthCard } from './auth-card';
import { DiscordSignIn } from './discord-sign-in';

/** Why the last session ended, in words, when that was not the user's own Sign Out. */
function endNotice(end: SessionEnd | null): string | null {
  if (end?.reason === 'refused') return end.message;
  if (end?.reason === 'renewal-failed') return AUTH_ERRORS.sessionExpired;
  return null;
}

/** The query parameters Discord adds on its way back; removed once handled, so a reload does not reuse them. */
const DISCORD_PARAMS = ['code', 'state', 'error', 'error_description'];

/** /auth/login: e-mail and password, forgot-password, Discord, sign-up; also where Discord returns to. */
export function LoginPage() {
  const session = useSession();
  const [searchParams, setSearchParams] = useSearchParams();
  const redirectTo = safeRedirect(searchParams.get(REDIRECT_PARAM));
  const discordCode = searchParams.get('code');
  const discordReturned = discordCode !== null || searchParams.has('error');
  // Already signed in when the page opened (not by this page): go on to the app.
  const [alreadySignedIn] = useState(() => session !== null && !discordReturned);
  const [notice] = useState(() => endNotice(browserSession().lastEnd()));
  const [error, setError] = useState<string | null>(null);
  const [discordBusy, setDiscordBusy] = useState(false);
  const finishSignIn = useFinishSignIn();
  const logIn = useLogin();
  const logInWithDiscord = useDiscordLogin();

  const form = useForm<z.input<typeof loginSchema>, unknown, z.output<typeof loginSchema>>({
    resolver: zodResolver(loginSchema),
    defaultValues: { email: searchParams.get('email') ?? '', password: '' },
  });
  const typedEmail = useWatch({ control: form.control, name: 'email' }).trim();
  const { errors, isSubmitting } = form.formState;

  // Back from Discord with a code: trade it for a session (once; the code is single-use).
  const discordHandled = useRef(false);
  const handleDiscordReturn = useEffectEvent(async () => {
    const returned = finishDiscordReturn(searchParams.get('state'));
    setSearchParams(
      (params) => {
        DISCORD_PARAMS.forEach((name) => params.delete(name));
        if (returned !== 'mismatch' && returned.redirectTo) params.set(REDIRECT_PARAM, returned.redirectTo);
        return params;
      },
      { replace: true },
    );
    if (!discordCode) return; // cancelled on Discord's page: nothing to say
    if (returned === 'mismatch') {
      setError(DEFAULT_LOGIN_ERROR);
      return;
    }
    setDiscordBusy(true);
    try {
      await finishSignIn(await logInWithDiscord(discordCode, discordRedirectUri(window.location.origin)), {
        kind: 'login',
        redirectTo: returned.redirectTo,
      });
    } catch (reason) {
      setError(accountErrorMessage(reason));
      setDiscordBusy(false);
    }
  });
  useEffect(() => {
    if (!discordReturned || discordHandled.current) return;
    discordHandled.current = true;
    void handleDiscordReturn();
  }, [discordReturned]);

  const onSubmit = form.handleSubmit(async ({ email, password }) => {
    setError(null);
    try {
      await finishSignIn(await logIn(email, password), { kind: 'login', redirectTo });
    } catch (reason) {
      setError(accountErrorMessage(reason));
    }
  });

  if (alreadySignedIn) return <Navigate to={redirectTo ?? paths.home.root} replace />;

  const busy = isSubmitting || discordBusy;
  const message = error ?? notice;
  const forgotLink = withQuery(paths.auth.forgotPassword, typedEmail ? { email: typedEmail } : {});

  return (
    <AuthCard title="Sign in" intro="Welcome back to FitGauge.">
      {message ? (
        <Alert variation="error" hasIcon>
          {message}
        </Alert>
      ) : null}
      {discordBusy ? (
        <p className="fg-auth__status" role="status">
          Signing you in with Discord…
        </p>
      ) : null}
      <form className="fg-auth__form" onSubmit={onSubmit} noValidate>
        <FormTextField label="E-mail" type="email" autoComplete="username" registration={form.register('email')} error={errors.email?.message} />
        <FormPasswordField
          label="Password"
          autoComplete="current-password"
          registration={form.register('password')}
          error={errors.password?.message}
        />
        <div className="fg-auth__row">
          <Link className="fg-link" to={forgotLink}>
            Forgot password?
          </Link>
        </div>
        <Button type="submit" variation="primary" isFullWidth isLoading={isSubmitting} loadingText="Signing in…" isDisabled={busy}>
          Sign In
        </Button>
      </form>
      <DiscordSignIn redirectTo={redirectTo} disabled={busy} />
      <div className="fg-auth__links">
        <span>New to FitGauge?</span>
        <ButtonLink isFullWidth to={paths.auth.signUp}>
          Sign Up
        </ButtonLink>
      </div>
    </AuthCard>
  );
}
