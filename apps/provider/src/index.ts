export { createApp } from './app';
export type { AppDeps, AppEnv, DistPaths } from './http/deps';
export type { Logger, LogFields } from './http/logger';
export { silentLogger } from './http/logger';
export { createLogger } from './http/createLogger';
export type { LogLevel } from './http/logLevel';
export { AuthError } from './errors/AuthError';
export type { Db, Queryable, Row } from './db';
export { migrate, openPGliteDb, openPostgresDb, readMigrations } from './db';
export { openDb } from './db/openDb';
export { parseConfig } from './config/parseConfig';
export { ConfigError, loadConfig, loadConfigFile } from './config/loadConfig';
export { createDefaultConfig } from './config/defaultConfig';
export { defaultRateLimits, uniformRateLimits } from './config/rateLimitsSchema';
export type { RateLimitsConfig } from './config/rateLimitsSchema';
export { defaultEventStorage } from './config/eventStorageSchema';
export type { EventStorageConfig } from './config/eventStorageSchema';
export type {
  LatchConfig,
  ProjectConfig,
  OAuthProviderConfig,
  ConnectedAppConfig,
  PasswordPolicy,
} from './config/configSchema';
export { listMessages, enqueueMessage } from './delivery/outbox';
export type { OutboxMessage, NewMessage } from './delivery/outbox';
