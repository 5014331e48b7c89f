import type { LatchConfig } from './config/configSchema';
import { loadConfig } from './config/loadConfig';
import { loadKeyring, type LoadedKeyring } from './crypto/loadKeyring';
import type { ProviderEnv } from './env';

export interface PreparedConfig {
  config: LatchConfig;
  /** The config file, with a note when this start wrote it. */
  configLine: string;
  /** The keys that seal stored secrets (signing keys' private parts). */
  keyring: LoadedKeyring;
}

/**
 * Loads (or first writes) the config, and the keyring it calls for. Every process reads both; only
 * the primary (or the single process) migrates and seals stored secrets, in `start`.
 */
export function prepareConfig(env: ProviderEnv): PreparedConfig {
  const { config, path, created, updated } = loadConfig(env);
  const note = created
    ? ' (created with a dev project)'
    : updated
      ? ` (dev project now authorizes ${env.devOrigins.join(', ')})`
      : '';
  const keyring = loadKeyring({
    encryptionKeys: env.encryptionKeys,
    production: env.production || config.projects.some((project) => !project.test),
    dataDir: env.dataDir,
  });
  return { config, configLine: `${path}${note}`, keyring };
}
