/** Stripe's error body (`{ error: { type, code, message, param, … } }`) with its HTTP status. */
export class StripeApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: {
      type: 'invalid_request_error' | 'card_error' | 'idempotency_error' | 'api_error';
      message: string;
      code?: string;
      param?: string;
      decline_code?: string;
      [extra: string]: unknown;
    },
  ) {
    super(body.message);
  }
}

export const invalidRequest = (message: string, param?: string, code?: string) =>
  new StripeApiError(400, { type: 'invalid_request_error', message, ...(param ? { param } : {}), ...(code ? { code } : {}) });

export const missingParam = (param: string) => invalidRequest(`Missing required param: ${param}.`, param, 'parameter_missing');

export const noSuch = (kind: string, id: string, param = 'id') =>
  new StripeApiError(404, { type: 'invalid_request_error', code: 'resource_missing', param, message: `No such ${kind}: '${id}'` });
