// Ports for the provider bench's servers: whatever the OS has free on 127.0.0.1, so the bench never
// collides with a dev server, the e2e suite or `npm run bench` on a shared machine.
import { createServer } from 'node:net';

/** A port nothing listens on right now (the OS picks it; a race with another process is unlikely). */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}
