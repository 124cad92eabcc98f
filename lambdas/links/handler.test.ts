import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { APP_STORE_URL } from '@core/store-link';
import { handler } from './handler';

const ANDROID = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) Mobile';
const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) Mobile/15E148';

const locationFor = async (userAgent: string) =>
  ((await handler({ headers: { 'user-agent': userAgent } } as unknown as APIGatewayProxyEventV2)) as APIGatewayProxyStructuredResultV2).headers
    ?.location;

describe('GET /api/v1/storeLink', () => {
  afterEach(() => {
    delete process.env.PLAY_STORE_URL;
    delete process.env.APP_STORE_URL;
  });

  it('takes the store pages from the configuration', async () => {
    process.env.PLAY_STORE_URL = 'https://play.google.com/store/apps/details?id=gg.fitgauge';
    process.env.APP_STORE_URL = 'https://apps.apple.com/app/fitgauge/id123';
    expect(await locationFor(ANDROID)).toBe('https://play.google.com/store/apps/details?id=gg.fitgauge');
    expect(await locationFor(IPHONE)).toBe('https://apps.apple.com/app/fitgauge/id123');
  });

  it('falls back to the store searches when none is configured', async () => {
    expect(await locationFor(IPHONE)).toBe(APP_STORE_URL);
  });
});
