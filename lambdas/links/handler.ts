import type { APIGatewayProxyEventV2, APIGatewayProxyResultV2 } from 'aws-lambda';
import { storeLinkFor } from '@core/store-link';
import { config } from '../lib/config';
import { observed } from '../lib/observability';

/** `GET /api/v1/storeLink`: a temporary redirect to the visitor's app store (not cached: it depends on the visitor). */
export const handler = observed(async (event: APIGatewayProxyEventV2): Promise<APIGatewayProxyResultV2> => ({
  statusCode: 302,
  headers: { location: storeLinkFor(event.headers?.['user-agent'], config.storeUrls), 'cache-control': 'no-store' },
  body: '',
}));
