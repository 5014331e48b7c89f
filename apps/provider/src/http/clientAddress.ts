import type { IncomingMessage } from 'node:http';
import type { Context } from 'hono';
import proxyaddr from 'proxy-addr';

/** Whether the hop at `address` (0 = the socket's peer) is a proxy of ours whose header to believe. */
export type TrustProxy = (address: string, hop: number) => boolean;

/** No proxy is trusted: the client is the socket's peer, whatever `X-Forwarded-For` claims. */
export const TRUST_NO_PROXY: TrustProxy = () => false;

/**
 * The operator's trusted proxies (`LATCH_TRUSTED_PROXIES`): addresses, CIDR ranges, or the names
 * `loopback`, `linklocal`, `uniquelocal`. Throws a TypeError naming a value that is none of them.
 */
export function trustProxies(list: readonly string[]): TrustProxy {
  return list.length === 0 ? TRUST_NO_PROXY : proxyaddr.compile([...list]);
}

/** The node request behind a hono context; absent for in-process requests (tests, msw). */
function incomingOf(c: Context): IncomingMessage | undefined {
  const env: unknown = c.env;
  if (typeof env !== 'object' || env === null || !('incoming' in env)) return undefined;
  const { incoming } = env as { incoming: unknown };
  return incoming && typeof incoming === 'object' && 'socket' in incoming
    ? (incoming as IncomingMessage)
    : undefined;
}

/**
 * The visitor's address: the socket's peer, or, when that peer is a trusted proxy, the nearest
 * address in `X-Forwarded-For` that is not one (proxy-addr walks the header from the right, so a
 * client cannot prepend its way past our proxies). '' for in-process requests, which have no socket.
 */
export function clientAddress(c: Context, trust: TrustProxy): string {
  const incoming = incomingOf(c);
  if (!incoming?.socket.remoteAddress) return '';
  return trust === TRUST_NO_PROXY ? incoming.socket.remoteAddress : proxyaddr(incoming, trust);
}
