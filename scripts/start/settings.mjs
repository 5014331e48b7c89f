// Where `npm start` runs the provider and the demo host, from the shell's environment.

/** Ports, origins and each child's environment; the dev project follows the demo's port. */
export function startSettings(env = process.env) {
  const providerPort = env.LATCH_PROVIDER_PORT ?? '4000';
  const authOrigin = env.LATCH_AUTH_ORIGIN ?? `http://localhost:${providerPort}`;
  const demoPort = env.LATCH_DEMO_PORT ?? '3000';
  // The demo binds 127.0.0.1; a visitor may type either name for it.
  const demoOrigins = [`http://127.0.0.1:${demoPort}`, `http://localhost:${demoPort}`];
  return {
    authOrigin,
    demoOrigin: demoOrigins[0],
    providerEnv: {
      PORT: providerPort,
      LATCH_AUTH_ORIGIN: authOrigin,
      LATCH_DEV_ORIGINS: demoOrigins.join(','),
    },
    demoEnv: { PORT: demoPort, LATCH_AUTH_ORIGIN: authOrigin },
  };
}
