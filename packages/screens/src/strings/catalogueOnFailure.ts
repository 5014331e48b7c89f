import type { ApiClient } from '@latch/api';
import { loadCatalogue } from './catalogueLoader';

/**
 * The API client whose failures reach the screens only once the whole string catalogue is there:
 * the texts of the provider's error types are in its second part (not in the first screen's
 * JavaScript), and a failed request is the only way to show one. The frame fetches that part once
 * its first screen is hydrated, so this rarely waits; a failed fetch lets the failure through as it is
 * (`describeError` then shows the provider's own message).
 */
export function catalogueOnFailure(api: ApiClient, load: () => Promise<unknown> = loadCatalogue): ApiClient {
  const afterCatalogue = (error: unknown): Promise<never> =>
    load().then(
      () => Promise.reject(error),
      () => Promise.reject(error),
    );
  return {
    call(operation, body, init) {
      return api.call(operation, body, init).catch(afterCatalogue);
    },
    callPath(operation, params, body, init) {
      return api.callPath(operation, params, body, init).catch(afterCatalogue);
    },
    pageUrl(path, query) {
      return api.pageUrl(path, query);
    },
  };
}
