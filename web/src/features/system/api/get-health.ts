import { callApi, gqlOperation } from '@/lib/api-client';

export interface Health {
  status: string;
  version: string;
  time: string;
}

const healthQuery = gqlOperation<{ health: Health }>(/* GraphQL */ `
  query Health {
    health {
      status
      version
      time
    }
  }
`);

/** The API's liveness; public (API key), so it answers before anyone signs in. */
export async function getHealth(): Promise<Health> {
  const data = await callApi(healthQuery, undefined, { authMode: 'apiKey' });
  return data.health;
}
