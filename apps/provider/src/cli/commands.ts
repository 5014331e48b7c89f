import type { Command } from './Command';
import { migrateCommand } from './migrate/migrateCommand';
import { outboxListCommand } from './outbox/outboxListCommand';
import { outboxRetryCommand } from './outbox/outboxRetryCommand';
import { exportUsersCommand } from './users/exportUsersCommand';
import { importUsersCommand } from './users/importUsersCommand';

/** Every `latch` command, in the order `latch --help` lists them. */
export const commands: readonly Command[] = [
  migrateCommand,
  outboxListCommand,
  outboxRetryCommand,
  importUsersCommand,
  exportUsersCommand,
];
