// The baseline of `npm run bench:provider`: hono's hello world on @hono/node-server, the same stack
// as the provider with none of its work. Run as its own process: `PORT=n node helloServer.mjs`.
import { serve } from '@hono/node-server';
import { Hono } from 'hono';

const app = new Hono();
app.get('/', (c) => c.text('Hello, world!'));

const server = serve({ fetch: app.fetch, port: Number(process.env.PORT), hostname: '127.0.0.1' }, (info) =>
  console.log(`hello world listening on port ${info.port}`),
);
// Keep-alive sockets must outlive autocannon's connections, as the provider's do (main.ts).
server.keepAliveTimeout = 65_000;
process.once('SIGTERM', () => server.close(() => process.exit(0)));
