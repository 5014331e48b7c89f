import * as v from 'valibot';
import { configSchema, type LatchConfig } from './configSchema';
import { formatIssue } from './formatIssue';

export type ParsedConfig = { ok: true; config: LatchConfig } | { ok: false; error: string };

/**
 * The config file's JSON checked against its schema, defaults filled. Only the first problem is
 * reported (`path: what is wrong`): an operator fixes one line and starts again.
 */
export function parseConfig(raw: unknown): ParsedConfig {
  const result = v.safeParse(configSchema, raw, { abortEarly: true });
  if (result.success) return { ok: true, config: result.output };
  return { ok: false, error: formatIssue(result.issues[0]) };
}
