import {
  createApp,
  migrate,
  openPGliteDb,
  parseConfig,
  silentLogger,
  type Db,
  type LatchConfig,
} from '@latch/provider';
import { http, type HttpHandler } from 'msw';
import { mswConfig } from './mswConfig';
import { operationRoute, PROVIDER_OPERATIONS, type ProviderOperation } from './operations';
import type { Override } from './overrides';

export interface ProviderHandlersOptions {
  /** The provider origin the code under test calls, e.g. `http://localhost:4000`. */
  baseUrl: string;
  config?: LatchConfig;
  /**
   * A database to start from (PGlite's `dumpDataDir`, e.g. the file `cachedPGliteDump()` names):
   * about a second of CPU, where copying a migrated folder and opening it took two or more. Without
   * it, a new empty database (initdb, then every migration).
   */
  loadDataDir?: Blob;
}

export interface InProcessProvider {
  app: ReturnType<typeof createApp>;
  db: Db;
  config: LatchConfig;
}

export interface ProviderHandlers {
  /** One pass-through handler per API operation, keyed like `'POST /otps/authenticate'`. */
  handlers: Record<ProviderOperation, HttpHandler>;
  /** Passes anything else under `baseUrl` (frames, /v1, /dev) to the provider too. */
  fallback: HttpHandler;
  /** Everything, in order, for `setupServer(...all)`. */
  all: HttpHandler[];
  /** A handler replacing one operation, for `server.use(...)`. */
  override(operation: ProviderOperation, replacement: Override): HttpHandler;
  /** The in-process provider (PGlite in memory), started on first use; tests read its outbox. */
  provider(): Promise<InProcessProvider>;
}

/** msw handlers whose default is the real provider, in-process, so tests inject only failures. */
export function createProviderHandlers({
  baseUrl,
  config = mswConfig(),
  loadDataDir,
}: ProviderHandlersOptions): ProviderHandlers {
  const checked = parseConfig(config);
  if (!checked.ok) throw new Error(`createProviderHandlers: invalid config: ${checked.error}`);
  let started: Promise<InProcessProvider> | undefined;
  const provider = (): Promise<InProcessProvider> =>
    (started ??= (async () => {
      const db = await openPGliteDb(undefined, loadDataDir ? { loadDataDir } : {});
      await migrate(db);
      return {
        db,
        config: checked.config,
        app: createApp({ config: checked.config, db, authOrigin: baseUrl, logger: silentLogger }),
      };
    })());
  const passThrough = async (request: Request): Promise<Response> => (await provider()).app.fetch(request);

  const build = (operation: ProviderOperation, replacement?: Override): HttpHandler => {
    const [method, url] = operationRoute(operation, baseUrl);
    return http[method](url, ({ request }) =>
      replacement
        ? replacement({ request, passThrough: (rewritten = request) => passThrough(rewritten) })
        : passThrough(request),
    );
  };
  const handlers = Object.fromEntries(PROVIDER_OPERATIONS.map((op) => [op, build(op)])) as Record<
    ProviderOperation,
    HttpHandler
  >;
  const fallback = http.all(`${baseUrl}/*`, ({ request }) => passThrough(request));
  return { handlers, fallback, all: [...Object.values(handlers), fallback], override: build, provider };
}
