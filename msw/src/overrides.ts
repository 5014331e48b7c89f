import type { ErrorType } from '@latch/api';
import { delay, HttpResponse } from 'msw';

/**
 * What a test puts in place of one operation; `passThrough` still reaches the in-process provider,
 * with the request itself or one the test rewrote.
 */
export type Override = (input: {
  request: Request;
  passThrough: (request?: Request) => Promise<Response>;
}) => Response | Promise<Response>;

/** Answers the error envelope (`status_code`, `request_id`, `error_type`, `error_message`, `error_url`), as the provider would for `error_type`. */
export const errorResponse =
  (error_type: ErrorType, status: number, message = `Simulated ${error_type}.`): Override =>
  () =>
    HttpResponse.json(
      {
        status_code: status,
        request_id: `request-id-test-msw-${crypto.randomUUID()}`,
        error_type,
        error_message: message,
        error_url: `https://latch.dev/docs/errors#${error_type}`,
      },
      { status },
    );

/** Waits `ms`, then answers what the provider answers (spinners, timeouts, aborts). */
export const slowResponse =
  (ms: number): Override =>
  async ({ passThrough }) => {
    await delay(ms);
    return passThrough();
  };

/** The request fails as if the network were down (`fetch` rejects). */
export const networkError = (): Override => () => HttpResponse.error();

/** A held answer: the request waits until the test calls `release`, then the provider answers it. */
export function heldResponse(): { override: Override; release: () => void } {
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => (release = resolve));
  return {
    override: async ({ passThrough }) => {
      await released;
      return passThrough();
    },
    release: () => release(),
  };
}
