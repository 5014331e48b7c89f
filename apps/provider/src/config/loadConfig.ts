import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, isAbsolute, join, relative } from 'node:path';
import type { LatchConfig } from './configSchema';
import { createDefaultConfig } from './defaultConfig';
import { parseConfig } from './parseConfig';

/** A config file the server must not start with; the message names the file and the JSON path. */
export class ConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ConfigError';
  }
}

/** The path as the operator typed it when it lies under the working directory. */
function displayPath(filePath: string): string {
  const rel = relative(process.cwd(), filePath);
  return rel && !rel.startsWith('..') && !isAbsolute(rel) ? rel : filePath;
}

export function loadConfigFile(filePath: string): LatchConfig {
  const shown = displayPath(filePath);
  let text: string;
  try {
    text = readFileSync(filePath, 'utf8');
  } catch (cause) {
    throw new ConfigError(
      `${shown}: cannot be read (${cause instanceof Error ? cause.message : String(cause)})`,
    );
  }
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (cause) {
    throw new ConfigError(
      `${shown}: is not valid JSON (${cause instanceof Error ? cause.message : String(cause)})`,
    );
  }
  const parsed = parseConfig(raw);
  if (!parsed.ok) throw new ConfigError(`${shown}: ${parsed.error}`);
  return parsed.config;
}

export interface LoadedConfig {
  config: LatchConfig;
  path: string;
  /** True when this start wrote the default dev project. */
  created: boolean;
}

/** `LATCH_CONFIG` when set; otherwise `<dataDir>/latch.config.json`, written with a dev project first. */
export function loadConfig({
  configPath,
  dataDir,
}: {
  configPath?: string | undefined;
  dataDir: string;
}): LoadedConfig {
  if (configPath) return { config: loadConfigFile(configPath), path: configPath, created: false };
  const path = join(dataDir, 'latch.config.json');
  if (existsSync(path)) return { config: loadConfigFile(path), path, created: false };
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, `${JSON.stringify(createDefaultConfig(), null, 2)}\n`, { mode: 0o600 });
  return { config: loadConfigFile(path), path, created: true };
}
