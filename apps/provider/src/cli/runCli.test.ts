import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { EXIT, type CliIo } from './Command';
import { commands } from './commands';
import { runCli } from './runCli';

function capture(env: NodeJS.ProcessEnv = {}): CliIo & { stdout: string[]; stderr: string[] } {
  const stdout: string[] = [];
  const stderr: string[] = [];
  return { stdout, stderr, out: (l) => stdout.push(l), err: (l) => stderr.push(l), env };
}

describe('latch', () => {
  it('lists its commands for --help and for no arguments', async () => {
    for (const argv of [['--help'], []]) {
      const io = capture();
      expect(await runCli(commands, argv, io)).toBe(EXIT.ok);
      expect(io.stdout.join('\n')).toMatch(/^ {2}migrate +apply pending database migrations/m);
    }
  });

  it('refuses an unknown command with exit code 2 and the list', async () => {
    const io = capture();
    expect(await runCli(commands, ['migarte'], io)).toBe(EXIT.usage);
    expect(io.stderr.join('\n')).toContain("latch: unknown command 'migarte'");
  });

  it("prints a command's options for --help, and refuses an unknown option with exit code 2", async () => {
    const help = capture();
    expect(await runCli(commands, ['migrate', '--help'], help)).toBe(EXIT.ok);
    expect(help.stdout.join('\n')).toContain('usage: latch migrate [--list]');
    const bad = capture();
    expect(await runCli(commands, ['migrate', '--lsit'], bad)).toBe(EXIT.usage);
    expect(bad.stderr[0]).toMatch(/^latch migrate: Unknown option '--lsit'/);
  });

  describe('migrate', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'latch-cli-'));
    afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

    it('lists every migration as pending, applies them, then lists them as applied', async () => {
      const env = { LATCH_DATA_DIR: dataDir };
      const before = capture(env);
      expect(await runCli(commands, ['migrate', '--list'], before)).toBe(EXIT.ok);
      expect(before.stdout[0]).toBe('pending  001_foundation');
      expect(before.stdout.every((line) => line.startsWith('pending  '))).toBe(true);

      const apply = capture(env);
      expect(await runCli(commands, ['migrate'], apply)).toBe(EXIT.ok);
      expect(apply.stdout[0]).toMatch(/^applied: 001, 002, /);

      const after = capture(env);
      expect(await runCli(commands, ['migrate', '--list'], after)).toBe(EXIT.ok);
      expect(after.stdout).toEqual(before.stdout.map((line) => line.replace('pending', 'applied')));

      const again = capture(env);
      expect(await runCli(commands, ['migrate'], again)).toBe(EXIT.ok);
      expect(again.stdout).toEqual(['nothing to apply']);
    }, 60_000);
  });
});
