import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { LatchConfig } from '../config/configSchema';
import { loadConfigFile } from '../config/loadConfig';
import { loadKeyring, type LoadedKeyring } from '../crypto/loadKeyring';
import { readEnv, type ProviderEnv } from '../env';

export interface Setup {
  env: ProviderEnv;
  /** The server's config file; undefined when there is none yet (a data folder never started). */
  config: LatchConfig | undefined;
  configPath: string;
  keyring: LoadedKeyring;
}

/**
 * What the server would read at its start: the environment, its config file (never written here)
 * and the keyring that seals stored secrets, refused as the server refuses it.
 */
export function readSetup(processEnv: NodeJS.ProcessEnv): Setup {
  const env = readEnv(processEnv);
  const configPath = env.configPath ?? join(env.dataDir, 'latch.config.json');
  const config = env.configPath || existsSync(configPath) ? loadConfigFile(configPath) : undefined;
  const keyring = loadKeyring({
    encryptionKeys: env.encryptionKeys,
    production: env.production || (config?.projects.some((project) => !project.test) ?? false),
    dataDir: env.dataDir,
  });
  return { env, config, configPath, keyring };
}
