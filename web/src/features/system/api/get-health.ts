import { runtimeConfig } from '@/config/runtime-config';

export interface Health {
  status: string;
  version: string;
  time: string;
}

const healthQuery = /* GraphQL */ `
  query Health {
    health {
      status
      version
      time
    }
  }
`;

/**
 * The API's liveness; public (the public token), so it answers before anyone signs in. A plain POST rather than Amplify's
 * client: the status line sits on the public pages, which otherwise paint without loading aws-amplify at all.
 */
export async function getHealth(fetchImpl: typeof fetch = fetch): Promise<Health> {
  const { graphqlEndpoint, publicToken } = runtimeConfig();
  const response = await fetchImpl(graphqlEndpoint, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: publicToken },
    body: JSON.stringify({ query: healthQuery }),
  });
  if (!response.ok) throw new Error(`The API answered HTTP ${response.status}`);
  const body = (await response.json()) as { data?: { health?: Health | null }; errors?: { message: string }[] };
  if (!body.data?.health) throw new Error(body.errors?.[0]?.message ?? 'The API sent no health');
  return body.data.health;
}
