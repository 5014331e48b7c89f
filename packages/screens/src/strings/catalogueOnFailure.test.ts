import { describe, expect, it } from 'vitest';
import { ApiError, type ApiClient } from '@latch/api';
import { describeError } from '../errors/errorMessage';
import type * as CatalogueLoader from './catalogueLoader';
import { catalogueOnFailure } from './catalogueOnFailure';
import { createTranslator } from './translate';

const apiError = new ApiError({
  error_type: 'otp_code_not_found',
  error_message: 'server text',
  status_code: 404,
  request_id: 'r',
  error_url: 'u',
});

/** An API client whose calls answer `outcome`. */
function clientAnswering(outcome: () => Promise<unknown>): ApiClient {
  return {
    call: () => outcome() as never,
    callPath: () => outcome() as never,
    pageUrl: (path) => `https://auth.example${path}`,
  };
}

/** A catalogue load that settles when the test says. */
function heldLoad() {
  let settle: (ok: boolean) => void = () => undefined;
  const loaded = new Promise<void>((resolve, reject) => {
    settle = (ok) => (ok ? resolve() : reject(new Error('catalogue chunk failed')));
  });
  return { load: () => loaded, settle };
}

describe('the API client of the frame, for the texts of the provider’s error types', () => {
  it('lets a failure through only once the catalogue has loaded, or failed to', async () => {
    for (const ok of [true, false]) {
      const { load, settle } = heldLoad();
      const api = catalogueOnFailure(
        clientAnswering(() => Promise.reject(apiError)),
        load,
      );
      let failure: unknown = null;
      const call = api
        .call('POST /otps/email/login_or_create', { email: 'a@b.example' })
        .catch((error: unknown) => {
          failure = error;
        });
      const path = api
        .callPath('GET /projects/bootstrap/{public_token}', { public_token: 'p' }, undefined)
        .catch((error: unknown) => error);
      await new Promise((resolve) => setTimeout(resolve, 10));
      expect(failure).toBeNull();
      settle(ok);
      await call;
      expect(failure).toBe(apiError);
      expect(await path).toBe(apiError);
    }
  });

  it('passes answers and page URLs through without waiting', async () => {
    const { load } = heldLoad();
    const api = catalogueOnFailure(
      clientAnswering(() => Promise.resolve({ ok: true })),
      load,
    );
    await expect(api.call('POST /otps/email/login_or_create', { email: 'a@b.example' })).resolves.toEqual({
      ok: true,
    });
    expect(api.pageUrl('/v1/public/oauth/google/start', {})).toBe(
      'https://auth.example/v1/public/oauth/google/start',
    );
  });

  it('is described in the catalogue’s words, or the provider’s before the catalogue has loaded', async () => {
    const { t } = createTranslator();
    expect(describeError(apiError, t).message).toBe('Invalid passcode, please try again.');
    // A fresh instance of the loader (its own URL): the dom set-up loaded the shared one.
    const fresh = './catalogueLoader?before-load';
    const loader = (await import(/* @vite-ignore */ fresh)) as typeof CatalogueLoader;
    expect(loader.providerErrorId('otp_code_not_found')).toBeNull();
    await loader.loadCatalogue();
    expect(loader.providerErrorId('otp_code_not_found')).toBe('error.otp_code_not_found');
    expect(loader.providerErrorId('constructor')).toBeNull();
  });
});
