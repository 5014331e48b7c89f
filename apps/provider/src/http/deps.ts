import type { IncomingMessage } from 'node:http';
import type { LatchConfig, ProjectConfig } from '../config/configSchema';
import type { Keyring } from '../crypto/Keyring';
import type { Db } from '../db/Db';
import { useKeyring } from '../sessions/signingKeys';
import { trustProxies, type TrustProxy } from './clientAddress';
import { createRateLimiter, type RateLimiter } from '../limits/rateLimiter';
import { createLogger } from './createLogger';
import type { Logger } from './logger';
import { FRAME_DIST, LOADER_DIST } from '../paths';
import { indexProjects, type ProjectIndex } from './projects';
import type { BasicCredentials } from './basicAuth';
import { wakeDeliveryOf } from '../delivery/deliveringTransaction';
import { createDeliveryWorker, type DeliveryWorker } from '../delivery/deliveryWorker';

export interface DistPaths {
  /** Folder with `loader.js` and `loader.mjs` (apps/loader/dist). */
  loaderDir: string;
  /** Folder with `index.html` and `assets/` (apps/frame/dist). */
  frameDir: string;
}

/** What `createApp` needs; everything else has a default. */
export interface AppDeps {
  config: LatchConfig;
  db: Db;
  /** The provider's public origin, e.g. `http://localhost:4000`; the frame's API base URL. */
  authOrigin: string;
  dist?: Partial<DistPaths>;
  /** Default: JSON lines on stdout at level `info` (`createLogger`). */
  logger?: Logger;
  /** Counts the `rate_limits` budgets. Default: counters in `db`, shared by every process on it. */
  limiter?: RateLimiter;
  /** Serve /dev/* (inbox, project list, dev identity provider). Default: the config's `dev_routes`. */
  devRoutes?: boolean;
  /** Where `client_secret_env` and `private_key_env` are looked up. Default: `process.env`. */
  env?: Readonly<Record<string, string | undefined>>;
  /**
   * Proxies whose `X-Forwarded-For` names the visitor (`LATCH_TRUSTED_PROXIES`): addresses, CIDR
   * ranges, `loopback`, `linklocal`, `uniquelocal`. Default: none, the socket's peer is the visitor.
   */
  trustedProxies?: readonly string[];
  /**
   * The outbox's worker. Default: one that sends when woken after a send (and retries what fails),
   * but never polls: `start.ts` passes one it started, and stops it before the database closes.
   */
  delivery?: DeliveryWorker;
  /** Seals the signing keys' private parts in `db`. Default: one random keyring per process. */
  keyring?: Keyring;
}

/** The dependencies every route receives. */
export interface Services {
  config: LatchConfig;
  projects: ProjectIndex;
  db: Db;
  authOrigin: string;
  dist: DistPaths;
  logger: Logger;
  devRoutes: boolean;
  /** Budgets of `config.rate_limits`, counted in the database. */
  limiter: RateLimiter;
  /** The environment that holds upstream OAuth secrets (read when a sign-in needs them). */
  env: Readonly<Record<string, string | undefined>>;
  /** Which hops' `X-Forwarded-For` to believe when finding the visitor's address (`clientAddress`). */
  trustProxy: TrustProxy;
  /** Sends the outbox's messages; woken after each transaction that queued one. */
  delivery: DeliveryWorker;
}

export const DEFAULT_DIST: DistPaths = { loaderDir: LOADER_DIST, frameDir: FRAME_DIST };

export function resolveServices(deps: AppDeps): Services {
  if (deps.keyring) useKeyring(deps.db, deps.keyring);
  const logger = deps.logger ?? createLogger();
  const env = deps.env ?? process.env;
  const delivery = deps.delivery ?? createDeliveryWorker({ db: deps.db, config: deps.config, logger, env });
  wakeDeliveryOf(deps.db, () => delivery.wake());
  return {
    config: deps.config,
    projects: indexProjects(deps.config),
    db: deps.db,
    authOrigin: deps.authOrigin.replace(/\/+$/, ''),
    dist: { ...DEFAULT_DIST, ...deps.dist },
    logger,
    devRoutes: deps.devRoutes ?? deps.config.dev_routes,
    limiter: deps.limiter ?? createRateLimiter(deps.db),
    env,
    trustProxy: trustProxies(deps.trustedProxies ?? []),
    delivery,
  };
}

/**
 * Hono's per-request variables. Read them with `c.get(name)`: `c.var` builds a new object of
 * every variable on each access, several times per request on the hot path.
 */
export interface AppEnv {
  /** What `@hono/node-server` passes; absent in-process. Read it with `nodeIncoming(c)`. */
  Bindings: { incoming?: IncomingMessage };
  Variables: {
    requestId: string;
    /** The project named by the Basic auth user or the path token; set on /sdk/v1 by the CORS step. */
    project: ProjectConfig | undefined;
    credentials: BasicCredentials | undefined;
  };
}
