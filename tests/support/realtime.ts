import { RealtimeClient } from '../../scripts/local/gateway/test-kit';
import type { RoleAccount } from './accounts';
import { stackUrls } from './stack';

/**
 * A realtime connection of this account (as Amplify v6 makes it) with one subscription started; the start's answer
 * (start_ack or error) is returned with the client. The caller closes `client.ws`.
 */
export async function startSubscription(who: Pick<RoleAccount, 'token'>, query: string, variables: Record<string, unknown>) {
  const { graphqlUrl, realtimeUrl } = stackUrls();
  const header = { host: new URL(graphqlUrl).host, Authorization: who.token };
  const client = await RealtimeClient.connect(realtimeUrl, header);
  client.send({ type: 'connection_init' });
  await client.next((message) => message.type === 'connection_ack');
  client.send({ id: 'subscription', type: 'start', payload: { data: JSON.stringify({ query, variables }), extensions: { authorization: header } } });
  const answer = await client.next((message) => message.id === 'subscription' && (message.type === 'start_ack' || message.type === 'error'));
  return { client, answer };
}
