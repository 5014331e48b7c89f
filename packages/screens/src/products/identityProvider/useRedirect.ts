import { useCallback } from 'react';
import { useServices } from '../../services/ServicesContext';

/**
 * Sends the host page to a redirect URI the provider returned. The loader honours it only for the
 * redirect_uri / post_logout_redirect_uri the page's own URL names (apps/loader/src/navigation.ts).
 */
export function useRedirect(): (url: string) => Promise<boolean> {
  const { host } = useServices();
  return useCallback(
    async (url: string) => {
      try {
        return (await host.navigate({ url, reason: 'flow_redirect' })).accepted;
      } catch {
        return false;
      }
    },
    [host],
  );
}
