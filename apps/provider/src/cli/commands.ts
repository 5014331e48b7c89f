import type { Command } from './Command';
import { migrateCommand } from './migrate/migrateCommand';

/** Every `latch` command, in the order `latch --help` lists them. */
export const commands: readonly Command[] = [migrateCommand];
