import { Button } from '@/components/ui/button/button';
import { runtimeConfig } from '@/config/runtime-config';
import { beginDiscordSignIn } from '../discord';

function DiscordMark() {
  return (
    <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" focusable="false" fill="currentColor">
      <path d="M20.3 4.4A19.6 19.6 0 0 0 15.4 3l-.6 1.3a18.2 18.2 0 0 0-5.6 0L8.6 3a19.5 19.5 0 0 0-4.9 1.5C.6 9.1-.3 13.6.1 18a19.8 19.8 0 0 0 6 3l1.3-2.1a12.8 12.8 0 0 1-2-1l.5-.4a14 14 0 0 0 12.2 0l.5.4c-.6.4-1.3.7-2 1l1.3 2.1a19.7 19.7 0 0 0 6-3c.5-5.1-.8-9.6-3.6-13.6ZM8 15.3c-1.2 0-2.2-1.1-2.2-2.4S6.8 10.5 8 10.5s2.2 1.1 2.2 2.4-1 2.4-2.2 2.4Zm8 0c-1.2 0-2.2-1.1-2.2-2.4s1-2.4 2.2-2.4 2.2 1.1 2.2 2.4-1 2.4-2.2 2.4Z" />
    </svg>
  );
}

/**
 * The social-login button (after an "or"): leaves for Discord's authorize page (the local stand-in in local mode).
 * Not shown when this deployment has no Discord app configured.
 */
export function DiscordSignIn({ redirectTo, disabled }: { redirectTo: string | null; disabled?: boolean }) {
  const config = runtimeConfig();
  if (!config.discordAuthorizeUrl || !config.discordClientId) return null;
  const start = () => {
    const url = beginDiscordSignIn(config, redirectTo);
    if (url) window.location.assign(url);
  };
  return (
    <>
      <div className="fg-auth__divider">or</div>
      <Button isFullWidth className="fg-discord-button" onClick={start} isDisabled={disabled}>
        <DiscordMark />
        Sign in with Discord
      </Button>
    </>
  );
}
