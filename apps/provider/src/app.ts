import { compress } from 'hono/compress';
import { Hono } from 'hono';
import { compressibleAsset } from './http/compressibleAsset';
import { sdkCors } from './http/cors';
import { resolveServices, type AppDeps, type AppEnv } from './http/deps';
import { handleError, handleNotFound } from './http/errorHandling';
import { noSniff } from './http/noSniff';
import { refuseOddBytes } from './http/refuseOddBytes';
import { keepAliveFraming } from './http/keepAliveFraming';
import { requestBodyLimit } from './http/requestBodyLimit';
import { requestId } from './http/requestId';
import { requestLog } from './http/requestLog';
import { registerRoutes } from './http/route';
import { devRoutes, homeRoutes } from './dev/devRoutes';
import { devGsiRoutes } from './dev/devGsiRoutes';
import { devOAuthRoutes } from './dev/devOAuthRoutes';
import { frameRoute } from './frame/frameRoute';
import { healthRoutes } from './health/healthRoutes';
import { OIDC_CORS_PATHS, oidcCors } from './idp/oidcCors';
import { SDK_ROUTES } from './routes/sdkRoutes';
import { staticRoutes } from './http/staticRoutes';
import { V1_ROUTES } from './routes/v1Routes';

/** The whole auth origin as a hono app; `main.ts` serves it, tests call `app.request()` in-process. */
export function createApp(deps: AppDeps): Hono<AppEnv> {
  const services = resolveServices(deps);
  const app = new Hono<AppEnv>();
  // Outermost: it sees the final answer, error answers included, before it is written.
  app.use('*', keepAliveFraming());
  app.use('*', requestId());
  app.use('*', noSniff());
  // Outermost after the id: its time and status cover every later step, error answers included.
  app.use('*', requestLog(services.logger));
  app.use('*', refuseOddBytes());
  // Text assets go out gzip'd when the browser accepts it: the frame entry is ~235 KB raw, ~75 KB gzip.
  // The browser SDK's API answers only JSON, which is never compressed: it skips the step.
  const compressAssets = compress({ contentTypeFilter: compressibleAsset });
  app.use('*', (c, next) => (c.req.path.startsWith('/sdk/v1/') ? next() : compressAssets(c, next)));
  app.use('/sdk/v1/*', sdkCors(services));
  for (const path of OIDC_CORS_PATHS) app.use(path, oidcCors());
  // After CORS, so the widget can read the 413.
  app.use('*', requestBodyLimit());
  registerRoutes(app, '/sdk/v1', SDK_ROUTES, services);
  registerRoutes(app, '', V1_ROUTES, services);
  registerRoutes(app, '', [...healthRoutes, ...staticRoutes, frameRoute, ...homeRoutes], services);
  if (services.devRoutes)
    registerRoutes(app, '', [...devRoutes, ...devOAuthRoutes, ...devGsiRoutes], services);
  app.onError(handleError(services.logger));
  app.notFound(handleNotFound);
  return app;
}
