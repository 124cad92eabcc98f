/**
 * `GET /api/v1/create-customer-portal-session/{accessToken}` (docs/billing.md): the caller's Stripe billing portal,
 * opened in a new tab from the sidebar's Billing.
 */
import { CognitoIdentityProviderClient, GetUserCommand } from '@aws-sdk/client-cognito-identity-provider';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { boundedToken } from '@core/validation/fields';
import { observed } from '../lib/observability';
import { isSignedOut } from '../lib/signed-out';
import { dynamoSignOutStore } from '../lib/stores/sign-out-store';
import { productionDeps } from './deps';

const tokenSchema = boundedToken('Invalid token');
let cognito: CognitoIdentityProviderClient | undefined;

const page = (statusCode: number, message: string): APIGatewayProxyStructuredResultV2 => ({
  statusCode,
  headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' },
  body: message,
});

/** The account of a valid access token: Cognito checks it (signature, expiry, revocation); then our sign-out rule. */
async function userOfToken(accessToken: string): Promise<string | null> {
  cognito ??= new CognitoIdentityProviderClient({});
  try {
    const user = await cognito.send(new GetUserCommand({ AccessToken: accessToken }));
    const sub = user.UserAttributes?.find((attribute) => attribute.Name === 'sub')?.Value;
    if (!sub) return null;
    const claims = JSON.parse(Buffer.from(accessToken.split('.')[1] ?? '', 'base64url').toString('utf8')) as Record<string, unknown>;
    if (claims.sub !== sub || (await isSignedOut(claims, dynamoSignOutStore))) return null;
    return sub;
  } catch {
    return null;
  }
}

export const handler = observed(async (request: APIGatewayProxyEventV2): Promise<APIGatewayProxyStructuredResultV2> => {
  const parsed = tokenSchema.safeParse(request.pathParameters?.accessToken);
  const userId = parsed.success ? await userOfToken(parsed.data) : null;
  if (!userId) return page(401, 'Your session has ended. Please sign in again.');
  const customer = await productionDeps.billing.customerOf(userId);
  if (!customer) return page(404, 'No billing account yet.');
  const appUrl = process.env.APP_URL?.replace(/\/$/, '');
  const session = await (
    await productionDeps.stripe()
  ).billingPortal.sessions.create({ customer, ...(appUrl ? { return_url: `${appUrl}/home` } : {}) });
  return { statusCode: 302, headers: { location: session.url, 'cache-control': 'no-store' }, body: '' };
});
