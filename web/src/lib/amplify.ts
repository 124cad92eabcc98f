import { Amplify } from 'aws-amplify';
import type { RuntimeConfig } from '@/config/runtime-config';
import { sessionTokenProvider } from './session-tokens';

/** Points aws-amplify at this deployment's AppSync API and Cognito pool; the API client calls it once, on its first call. */
export function configureAmplify(config: RuntimeConfig): void {
  Amplify.configure(
    {
      API: {
        GraphQL: {
          endpoint: config.graphqlEndpoint,
          region: config.region,
          defaultAuthMode: 'userPool',
        },
      },
      Auth: { Cognito: { userPoolId: config.userPoolId, userPoolClientId: config.userPoolClientId } },
    },
    {
      // Tokens come from the app's own session (see session-tokens.ts), not from Amplify Auth's sign-in.
      Auth: { tokenProvider: sessionTokenProvider },
      // No IAM signing: otherwise every call, public ones too, first asks the token provider for a session,
      // and the session's own refresh call (public) would wait on itself while the token is near expiry.
      API: { REST: { defaultAuthMode: 'none' } },
    },
  );
}
