import { integer } from '@latch/api';
import * as v from 'valibot';
import { strictPlainObject } from './fieldSchemas';

/**
 * How much of the SDK event log (`POST /sdk/v1/events`) a project keeps: its newest events up to
 * `max_storage_mb_per_project`, the oldest dropped first, and none older than `retention_days`.
 */
export const DEFAULT_EVENT_STORAGE = { max_storage_mb_per_project: 50, retention_days: 30 } as const;

const eventStorage = strictPlainObject({
  max_storage_mb_per_project: v.optional(
    integer(1, 1_000_000),
    DEFAULT_EVENT_STORAGE.max_storage_mb_per_project,
  ),
  retention_days: v.optional(integer(1, 3650), DEFAULT_EVENT_STORAGE.retention_days),
});

export const eventStorageSchema = v.optional(eventStorage, () => defaultEventStorage());

/** The defaults, as a fresh copy (configs built in code). */
export const defaultEventStorage = (): EventStorageConfig => ({ ...DEFAULT_EVENT_STORAGE });

export type EventStorageConfig = v.InferOutput<typeof eventStorage>;
