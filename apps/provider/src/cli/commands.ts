import type { Command } from './Command';
import { backupCommand } from './backup/backupCommand';
import { restoreCommand } from './backup/restoreCommand';
import { configCheckCommand } from './config/configCheckCommand';
import { keysListCommand } from './keys/keysListCommand';
import { keysRotateCommand } from './keys/keysRotateCommand';
import { migrateCommand } from './migrate/migrateCommand';
import { outboxListCommand } from './outbox/outboxListCommand';
import { outboxRetryCommand } from './outbox/outboxRetryCommand';
import { exportUsersCommand } from './users/exportUsersCommand';
import { importUsersCommand } from './users/importUsersCommand';

/** Every `latch` command, in the order `latch --help` lists them. */
export const commands: readonly Command[] = [
  configCheckCommand,
  migrateCommand,
  keysListCommand,
  keysRotateCommand,
  backupCommand,
  restoreCommand,
  outboxListCommand,
  outboxRetryCommand,
  importUsersCommand,
  exportUsersCommand,
];
