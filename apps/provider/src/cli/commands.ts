import type { Command } from './Command';
import { migrateCommand } from './migrate/migrateCommand';
import { exportUsersCommand } from './users/exportUsersCommand';
import { importUsersCommand } from './users/importUsersCommand';

/** Every `latch` command, in the order `latch --help` lists them. */
export const commands: readonly Command[] = [migrateCommand, importUsersCommand, exportUsersCommand];
