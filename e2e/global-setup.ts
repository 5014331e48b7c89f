import { randomBytes } from 'node:crypto';
import { cpSync, existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { exportPKCS8, exportSPKI, generateKeyPair } from 'jose';
import { pgliteTemplateCachePath } from '@latch/test-support/pgliteCache';
import { startGithubStandIn } from '../apps/provider/test/standIns/githubStandIn';
import { startOidcStandIn } from '../apps/provider/test/standIns/oidcStandIn';
import {
  startTwilioStandIn,
  TWILIO_AUTH_TOKEN,
  twilioSmsConfig,
} from '../apps/provider/test/standIns/twilioStandIn';
import {
  metaWhatsAppConfig,
  startWhatsAppCloudStandIn,
  WHATSAPP_ACCESS_TOKEN,
} from '../apps/provider/test/standIns/whatsAppCloudStandIn';
import { GATEWAY_ORIGIN_ENV, GATEWAYS_PUBLIC_TOKEN } from './support/gatewayStandIns';
import { APPLE_STAND_IN, GITHUB_STAND_IN, OIDC_STAND_IN } from './support/oidcStandIn';
import { assertPortFree, startServer, type RunningServer } from './support/servers';
import { AUTH_ORIGIN, FOREIGN_ORIGIN, HOST_ORIGIN, HOST_PORT, OUTPUT_DIR, PUBLIC_TOKEN } from './support/env';

const e2eDir = fileURLToPath(new URL('.', import.meta.url));
const repoRoot = resolve(e2eDir, '..');
const BUILD_OUTPUTS = [
  'apps/loader/dist/loader.js',
  'apps/frame/dist/index.html',
  'apps/provider/dist/main.js',
  'apps/example-react/dist/index.html',
];

/**
 * Starts the provider on the auth origin (fixture config, fresh data folder), the demo host on the
 * authorized origin and the same host on an origin the project does not authorize.
 * Returns the teardown.
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  const missing = BUILD_OUTPUTS.filter((file) => !existsSync(join(repoRoot, file)));
  if (missing.length > 0) {
    throw new Error(`Build output missing: ${missing.join(', ')}. Run \`npm run build\` first.`);
  }
  const ports = [AUTH_ORIGIN, HOST_ORIGIN, FOREIGN_ORIGIN].map((origin) => new URL(origin));
  await Promise.all(ports.map((url) => assertPortFree(url.hostname, Number(url.port))));

  const dataDir = await mkdtemp(join(tmpdir(), 'latch-e2e-'));
  const logDir = join(e2eDir, OUTPUT_DIR, 'servers');
  await mkdir(logDir, { recursive: true });
  const servers: RunningServer[] = [];
  // A real OpenID Connect provider (panva's oidc-provider) standing in for Microsoft and for Apple
  // (form_post, a JWT client secret signed with this key): the project's `microsoft` and `apple`
  // providers point their issuer here.
  const appleKey = await generateKeyPair('ES256', { extractable: true });
  const oidc = await startOidcStandIn([
    {
      client_id: OIDC_STAND_IN.clientId,
      client_secret: OIDC_STAND_IN.clientSecret,
      redirect_uris: [`${AUTH_ORIGIN}/v1/public/oauth/${OIDC_STAND_IN.type}/callback`],
    },
    {
      client_id: APPLE_STAND_IN.clientId,
      client_secret: 'static-secret-behind-the-jwt-check',
      redirect_uris: [`${AUTH_ORIGIN}/v1/public/oauth/${APPLE_STAND_IN.type}/callback`],
      appleKey: {
        teamId: APPLE_STAND_IN.teamId,
        keyId: APPLE_STAND_IN.keyId,
        publicKeyPem: await exportSPKI(appleKey.publicKey),
      },
    },
  ]);
  servers.push({ name: 'oidc-stand-in', stop: () => oidc.close() });
  // A GitHub-shaped OAuth 2 server (code, token, then the user API) for the project's `github`.
  const github = await startGithubStandIn({
    client_id: GITHUB_STAND_IN.clientId,
    client_secret: GITHUB_STAND_IN.clientSecret,
    redirect_uri: `${AUTH_ORIGIN}/v1/public/oauth/${GITHUB_STAND_IN.type}/callback`,
  });
  servers.push({ name: 'github-stand-in', stop: () => github.close() });
  // Twilio's Messages API and the WhatsApp Cloud API: the gateways project's SMS and WhatsApp
  // passcodes go there, and the tests read them back (the workers inherit this process's env).
  const [twilio, whatsAppCloud] = await Promise.all([startTwilioStandIn(), startWhatsAppCloudStandIn()]);
  servers.push({ name: 'twilio-stand-in', stop: () => twilio.close() });
  servers.push({ name: 'whatsapp-cloud-stand-in', stop: () => whatsAppCloud.close() });
  process.env[GATEWAY_ORIGIN_ENV.twilio] = twilio.origin;
  process.env[GATEWAY_ORIGIN_ENV.meta] = whatsAppCloud.origin;
  const teardown = async () => {
    await Promise.all(servers.reverse().map((server) => server.stop()));
    await rm(dataDir, { recursive: true, force: true });
  };

  // The fixture names the default host port; a run on other ports authorizes its own host instead.
  const fixture = await readFile(join(e2eDir, 'fixtures/latch.config.json'), 'utf8');
  const configFile = join(dataDir, 'latch.config.json');
  const config = JSON.parse(fixture.replaceAll(':3000', `:${HOST_PORT}`)) as {
    projects: ({
      public_token: string;
      oauth_providers: ({ type: string } & Record<string, unknown>)[];
    } & Record<string, unknown>)[];
  };
  const project = config.projects.find((p) => p.public_token === PUBLIC_TOKEN);
  if (!project) throw new Error('The fixture config has no default project');
  project.oauth_providers = [
    // The fixture's dev Google stays; its other providers are the stand-ins started above.
    ...project.oauth_providers.filter((p) => p.type !== GITHUB_STAND_IN.type),
    {
      type: OIDC_STAND_IN.type,
      client_id: OIDC_STAND_IN.clientId,
      client_secret_env: OIDC_STAND_IN.secretEnv,
      endpoints: { issuer: oidc.issuer },
    },
    {
      type: GITHUB_STAND_IN.type,
      client_id: GITHUB_STAND_IN.clientId,
      client_secret_env: GITHUB_STAND_IN.secretEnv,
      endpoints: github.endpoints,
    },
    {
      type: APPLE_STAND_IN.type,
      client_id: APPLE_STAND_IN.clientId,
      team_id: APPLE_STAND_IN.teamId,
      key_id: APPLE_STAND_IN.keyId,
      private_key_env: APPLE_STAND_IN.secretEnv,
      endpoints: { issuer: oidc.issuer },
    },
  ];
  const gateways = config.projects.find((p) => p.public_token === GATEWAYS_PUBLIC_TOKEN);
  if (!gateways) throw new Error('The fixture config has no gateways project');
  gateways['sms'] = twilioSmsConfig(twilio);
  gateways['whatsapp'] = metaWhatsAppConfig(whatsAppCloud);
  await writeFile(configFile, JSON.stringify(config, null, 2));

  // The migrated PGlite database the unit tests keep between runs, when there is one: the provider
  // then starts without initdb and its migrations, the slow part of a fresh folder. Its own
  // start still runs the migrations, which find nothing to do.
  const template = pgliteTemplateCachePath();
  if (existsSync(template)) cpSync(template, join(dataDir, 'pglite'), { recursive: true });

  const appleSecret = (await exportPKCS8(appleKey.privateKey)).replace(/\n/g, '\\n');
  const provider = startServer({
    name: 'provider',
    command: process.execPath,
    // The compiled provider, as it runs in production.
    args: ['apps/provider/dist/main.js'],
    cwd: repoRoot,
    env: {
      PORT: new URL(AUTH_ORIGIN).port,
      HOST: undefined,
      LATCH_AUTH_ORIGIN: AUTH_ORIGIN,
      LATCH_CONFIG: configFile,
      LATCH_DATA_DIR: dataDir,
      // The fixture has a live project: a production start needs a key to seal signing keys with.
      LATCH_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
      // Always the embedded database in a fresh folder, whatever the shell exports.
      DATABASE_URL: undefined,
      [OIDC_STAND_IN.secretEnv]: OIDC_STAND_IN.clientSecret,
      [GITHUB_STAND_IN.secretEnv]: GITHUB_STAND_IN.clientSecret,
      // As an operator would paste the .p8 key: one line with literal \n.
      [APPLE_STAND_IN.secretEnv]: appleSecret,
      TWILIO_AUTH_TOKEN,
      WHATSAPP_ACCESS_TOKEN,
    },
    readyUrl: `${AUTH_ORIGIN}/dev/projects.json`,
    logFile: join(logDir, 'provider.log'),
  });
  const hosts = [
    { name: 'host', origin: HOST_ORIGIN },
    { name: 'foreign-host', origin: FOREIGN_ORIGIN },
  ].map((host) =>
    startServer({
      name: host.name,
      command: process.execPath,
      args: ['apps/demo/server.mjs'],
      cwd: repoRoot,
      env: {
        PORT: new URL(host.origin).port,
        HOST: new URL(host.origin).hostname,
        LATCH_AUTH_ORIGIN: AUTH_ORIGIN,
        LATCH_PUBLIC_TOKEN: PUBLIC_TOKEN,
        LATCH_DEMO_FIXTURES_DIR: join(e2eDir, 'fixtures/pages'),
      },
      readyUrl: `${host.origin}/config.js`,
      logFile: join(logDir, `${host.name}.log`),
    }),
  );
  // The hosts need nothing of the provider's to start: all three boot side by side. Whatever started is stopped if one fails.
  const started = await Promise.allSettled([provider, ...hosts]);
  for (const result of started) if (result.status === 'fulfilled') servers.push(result.value);
  const failure = started.find((result) => result.status === 'rejected');
  if (failure) {
    await teardown();
    throw failure.reason;
  }
  return teardown;
}
