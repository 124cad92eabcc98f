import { queryOptions, useQuery } from '@tanstack/react-query';
import { runtimeConfig } from '@/config/runtime-config';
import { gqlOperation, type ResultOf } from '@/lib/api-client';

const healthQuery = gqlOperation(/* GraphQL */ `
  query Health {
    health {
      status
      version
      time
    }
  }
`);

type Health = NonNullable<ResultOf<typeof healthQuery>['health']>;

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
  const body = (await response.json()) as { data?: ResultOf<typeof healthQuery> | null; errors?: { message: string }[] };
  if (!body.data?.health) throw new Error(body.errors?.[0]?.message ?? 'The API sent no health');
  return body.data.health;
}

/** The system feature's query keys. */
const systemKeys = {
  all: ['system'] as const,
  health: () => [...systemKeys.all, 'health'] as const,
};

const healthQueryOptions = () => queryOptions({ queryKey: systemKeys.health(), queryFn: () => getHealth(), staleTime: 60_000 });

/** The API's liveness, for the status line; read again after a minute. */
export const useHealth = () => useQuery(healthQueryOptions());
