import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Hono } from 'hono';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../db/Db';
import { ConfigError } from '../config/loadConfig';
import { readEnv } from '../env';
import { testApp } from '../../test/testApp';
import { basic, HOST, TEST_TOKEN } from '../../test/testConfig';
import { openMigratedTestDb } from '../../test/testDatabases';
import { createHttpServer } from './createHttpServer';
import { silentLogger } from './logger';
import { clientAddress, trustProxies, TRUST_NO_PROXY, type TrustProxy } from './clientAddress';

const servers: Server[] = [];
afterEach(() => {
  for (const server of servers.splice(0)) server.close();
});

/** Serves `fetch` on a real loopback socket, as main.ts does (node bindings, no in-process request). */
async function listen(fetch: Parameters<typeof createHttpServer>[0]) {
  const server = createHttpServer(fetch, { requestTimeoutMs: 30_000, logger: silentLogger });
  servers.push(server);
  const port = await new Promise<number>((resolve) => {
    server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port));
  });
  return `http://127.0.0.1:${port}`;
}

/** A server answering the address `clientAddress` finds for each request. */
async function addressServer(trust: TrustProxy) {
  const app = new Hono();
  app.get('/', (c) => c.text(clientAddress(c, trust)));
  const base = await listen(app.fetch);
  return (forwardedFor?: string) =>
    fetch(base, forwardedFor === undefined ? {} : { headers: { 'X-Forwarded-For': forwardedFor } }).then(
      (response) => response.text(),
    );
}

describe('clientAddress', () => {
  it('is the socket peer when no proxy is trusted, whatever X-Forwarded-For claims', async () => {
    const addressOf = await addressServer(TRUST_NO_PROXY);
    expect(await addressOf()).toBe('127.0.0.1');
    expect(await addressOf('203.0.113.7')).toBe('127.0.0.1');
  });

  it('behind a trusted proxy, is the nearest address the proxies did not add', async () => {
    // The test's own loopback socket stands for the proxy.
    const addressOf = await addressServer(trustProxies(['loopback']));
    expect(await addressOf()).toBe('127.0.0.1');
    expect(await addressOf('203.0.113.7')).toBe('203.0.113.7');
    // A visitor who sends its own header cannot choose its address: the proxy appends the real one.
    expect(await addressOf('198.51.100.1, 203.0.113.7')).toBe('203.0.113.7');
    // Through two proxies of ours (a CDN hop in 10.0.0.0/8 trusted too): the visitor before them.
    const twoHops = await addressServer(trustProxies(['loopback', '10.0.0.0/8']));
    expect(await twoHops('198.51.100.1, 203.0.113.7, 10.1.2.3')).toBe('203.0.113.7');
  });

  it('is empty for an in-process request, which has no socket', async () => {
    const app = new Hono();
    app.get('/', (c) => c.text(`[${clientAddress(c, trustProxies(['loopback']))}]`));
    expect(await (await app.request('/')).text()).toBe('[]');
  });
});

describe('LATCH_TRUSTED_PROXIES', () => {
  it('reads a comma-separated list of addresses, ranges and names', () => {
    expect(readEnv({ LATCH_TRUSTED_PROXIES: ' loopback, 10.0.0.0/8 ,::1,' }).trustedProxies).toEqual([
      'loopback',
      '10.0.0.0/8',
      '::1',
    ]);
    expect(readEnv({}).trustedProxies).toEqual([]);
  });

  it('stops the start on a value that is not an address, a range or a known name', () => {
    expect(() => readEnv({ LATCH_TRUSTED_PROXIES: 'loopback,nginx' })).toThrow(ConfigError);
    expect(() => readEnv({ LATCH_TRUSTED_PROXIES: 'loopback,nginx' })).toThrow(
      'LATCH_TRUSTED_PROXIES: "nginx" is not an IP address, a CIDR range',
    );
    expect(() => readEnv({ LATCH_TRUSTED_PROXIES: '10.0.0.0/99' })).toThrow(ConfigError);
  });
});

describe('the provider behind a trusted proxy', () => {
  let db: Db;
  beforeAll(async () => {
    db = await openMigratedTestDb('pglite');
  });
  afterAll(() => db.close());

  /** A password sign-up through a real socket, as forwarded by a proxy on loopback. */
  async function signUp(trustedProxies: string[], forwardedFor: string) {
    const { app } = testApp({ db, trustedProxies });
    const base = await listen(app.fetch);
    const response = await fetch(`${base}/sdk/v1/passwords`, {
      method: 'POST',
      headers: {
        Authorization: basic(TEST_TOKEN),
        'Content-Type': 'application/json',
        Origin: HOST,
        'X-Forwarded-For': forwardedFor,
      },
      body: JSON.stringify({
        email: `proxy-${crypto.randomUUID()}@example.com`,
        password: 'correct horse battery staple 9!',
        session_duration_minutes: 60,
      }),
    });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { data: { session: { attributes: { ip_address: string } } } };
    return body.data.session.attributes.ip_address;
  }

  it("records the forwarded visitor's address on the session only when the proxy is trusted", async () => {
    expect(await signUp(['loopback'], '203.0.113.9')).toBe('203.0.113.9');
    expect(await signUp([], '203.0.113.9')).toBe('127.0.0.1');
    // The first sign-up also makes the project's signing key (RSA): slow on a loaded machine.
  }, 30_000);
});
