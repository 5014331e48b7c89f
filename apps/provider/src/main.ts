// The provider's entry: `node dist/main.js`. It reads the environment and the config first, and
// loads the server's modules (routes, crypto, database drivers) only once both are good, so a
// misconfigured start stops before paying for them.
import { ConfigError } from './config/loadConfig';
import { UnopenableSecretError } from './crypto/UnopenableSecretError';
import { DatabaseUnreachableError } from './db/DatabaseUnreachableError';
import { FolderInUseError } from './db/lockFolder';
import { readEnv } from './env';
import { prepareConfig } from './prepareConfig';

try {
  const env = readEnv();
  const loaded = prepareConfig(env);
  const { start } = await import('./start');
  await start(env, loaded);
} catch (error) {
  // A bad config or environment, or a database that cannot be used, stops the server with one
  // line that says what and where.
  const message = error instanceof Error ? error.message : String(error);
  console.error(`Latch provider cannot start: ${message}`);
  const operatorMatter =
    error instanceof ConfigError ||
    error instanceof FolderInUseError ||
    error instanceof DatabaseUnreachableError ||
    error instanceof UnopenableSecretError;
  if (!operatorMatter) console.error(error);
  process.exit(1);
}
