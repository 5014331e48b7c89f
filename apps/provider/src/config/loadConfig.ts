import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, isAbsolute, join, relative } from 'node:path';
import { authorizeDevOrigins } from './authorizeDevOrigins';
import { isPlainObject } from '@latch/api';
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

/** The file's JSON, not yet checked. */
function readJsonFile(filePath: string): unknown {
  const shown = displayPath(filePath);
  let text: string;
  try {
    text = readFileSync(filePath, 'utf8');
  } catch (cause) {
    throw new ConfigError(
      `${shown}: cannot be read (${cause instanceof Error ? cause.message : String(cause)})`,
    );
  }
  try {
    return JSON.parse(text) as unknown;
  } catch (cause) {
    throw new ConfigError(
      `${shown}: is not valid JSON (${cause instanceof Error ? cause.message : String(cause)})`,
    );
  }
}

/** `raw` (the JSON of `filePath`) checked against the config schema. */
function checkConfig(filePath: string, raw: unknown): LatchConfig {
  const parsed = parseConfig(raw);
  if (!parsed.ok) throw new ConfigError(`${displayPath(filePath)}: ${parsed.error}`);
  return parsed.config;
}

export const loadConfigFile = (filePath: string): LatchConfig =>
  checkConfig(filePath, readJsonFile(filePath));

const writeConfigFile = (path: string, raw: unknown): void =>
  writeFileSync(path, `${JSON.stringify(raw, null, 2)}\n`, { mode: 0o600 });

export interface LoadedConfig {
  config: LatchConfig;
  path: string;
  /** True when this start wrote the default dev project. */
  created: boolean;
  /** True when this start added `devOrigins` to the dev project of an existing generated file. */
  updated: boolean;
}

/**
 * `LATCH_CONFIG` when set; otherwise `<dataDir>/latch.config.json`, written with a dev project
 * first. `devOrigins` (the demo host's) are authorized in that generated file, never in LATCH_CONFIG.
 */
export function loadConfig({
  configPath,
  dataDir,
  devOrigins = [],
}: {
  configPath?: string | undefined;
  dataDir: string;
  devOrigins?: readonly string[];
}): LoadedConfig {
  if (configPath) {
    return { config: loadConfigFile(configPath), path: configPath, created: false, updated: false };
  }
  const path = join(dataDir, 'latch.config.json');
  if (existsSync(path)) {
    const raw = readJsonFile(path);
    // Files generated before `dev_routes` existed had the dev routes on; they keep them.
    const upgraded = isPlainObject(raw) && !('dev_routes' in raw);
    if (upgraded) raw['dev_routes'] = true;
    // Checked after the update: a dev project the operator moved off the demo's old origin is
    // valid again once the demo's authorization page has followed the demo (and only written then).
    const authorized = authorizeDevOrigins(raw, devOrigins);
    const config = checkConfig(path, raw);
    if (!upgraded && !authorized) return { config, path, created: false, updated: false };
    writeConfigFile(path, raw);
    return { config: loadConfigFile(path), path, created: false, updated: authorized };
  }
  mkdirSync(dirname(path), { recursive: true });
  writeConfigFile(path, createDefaultConfig(devOrigins.length > 0 ? devOrigins : undefined));
  return { config: loadConfigFile(path), path, created: true, updated: false };
}
