import type { LatchConfig } from './config/configSchema';
import { loadConfig } from './config/loadConfig';
import type { ProviderEnv } from './env';

export interface PreparedConfig {
  config: LatchConfig;
  /** The config file, with a note when this start wrote it. */
  configLine: string;
}

/**
 * Loads (or first writes) the config. Every process reads it; only the primary (or the single
 * process) migrates, in `start`.
 */
export function prepareConfig(env: ProviderEnv): PreparedConfig {
  const { config, path, created, updated } = loadConfig(env);
  const note = created
    ? ' (created with a dev project)'
    : updated
      ? ` (dev project now authorizes ${env.devOrigins.join(', ')})`
      : '';
  return { config, configLine: `${path}${note}` };
}
