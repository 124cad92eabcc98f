import type { APIGatewayProxyEventV2, APIGatewayProxyResultV2 } from 'aws-lambda';
import { storeLinkFor } from '@core/store-link';

/** `GET /api/v1/storeLink`: a temporary redirect to the visitor's app store (not cached: it depends on the visitor). */
export async function handler(event: APIGatewayProxyEventV2): Promise<APIGatewayProxyResultV2> {
  return {
    statusCode: 302,
    headers: { location: storeLinkFor(event.headers?.['user-agent']), 'cache-control': 'no-store' },
    body: '',
  };
}
