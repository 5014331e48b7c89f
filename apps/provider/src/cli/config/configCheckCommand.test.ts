import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { captureIo } from '../../../test/cliIo';
import { testConfig, testProject } from '../../../test/testConfig';
import { EXIT } from '../Command';
import { commands } from '../commands';
import { runCli } from '../runCli';

const dir = mkdtempSync(join(tmpdir(), 'latch-config-check-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function file(name: string, text: string): string {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
}

describe('latch config check', () => {
  it('says a valid file is valid, with exit code 0', async () => {
    const path = file('good.json', JSON.stringify(testConfig(), null, 2));
    const io = captureIo();
    expect(await runCli(commands, ['config', 'check', path], io)).toBe(EXIT.ok);
    expect(io.stdout).toEqual([`${path}: a valid config`]);
  });

  it('names every problem of a broken file in one run, each at its line, with exit code 1', async () => {
    const broken = {
      projects: [
        { ...testProject({ name: 3 as unknown as string }), secret: undefined, authorised_origins: [] },
        {
          ...testProject({
            project_id: 'p2',
            public_token: 'public-token-test-2',
            test: 'yes' as unknown as boolean,
          }),
          smtp: { host: 'x', pasword: 'y' },
        },
      ],
      dev_routes: 'on',
      colour: 'blue',
    };
    const text = JSON.stringify(broken, null, 2);
    const path = file('broken.json', text);
    const lineOf = (needle: string) => text.split('\n').findIndex((line) => line.includes(needle)) + 1;
    const io = captureIo();
    expect(await runCli(commands, ['config', 'check', path], io)).toBe(EXIT.failed);
    expect(io.stderr).toEqual([
      `${path}:3: projects[0].secret: is required`,
      `${path}:6: projects[0].name: expected a string, got 3`,
      `${path}:${lineOf('"authorised_origins"')}: projects[0].authorised_origins: unknown key`,
      `${path}:${lineOf('"yes"')}: projects[1].test: expected true or false, got "yes"`,
      `${path}:${lineOf('"smtp"')}: projects[1].smtp.port: is required`,
      `${path}:${lineOf('"smtp"')}: projects[1].smtp.from: is required`,
      `${path}:${lineOf('"pasword"')}: projects[1].smtp.pasword: unknown key`,
      `${path}:${lineOf('"dev_routes"')}: dev_routes: expected true or false, got "on"`,
      `${path}:${lineOf('"colour"')}: colour: unknown key`,
      `9 problems in ${path}`,
    ]);
  });

  it('names every JSON syntax error with its line', async () => {
    const path = file('syntax.json', '{\n  "projects": [\n    {"name": "a",}\n  ]\n');
    const io = captureIo();
    expect(await runCli(commands, ['config', 'check', path], io)).toBe(EXIT.failed);
    expect(io.stderr[0]).toBe(`${path}:3: not valid JSON: property name expected`);
    expect(io.stderr.at(-1)).toMatch(new RegExp(`^\\d+ problems? in ${path}$`));
  });

  it("checks the server's own file without FILE, fails on a missing one, and refuses two files", async () => {
    const path = file('server.json', JSON.stringify(testConfig()));
    const own = captureIo({ LATCH_CONFIG: path });
    expect(await runCli(commands, ['config', 'check'], own)).toBe(EXIT.ok);
    expect(own.stdout).toEqual([`${path}: a valid config`]);
    const missing = captureIo();
    expect(await runCli(commands, ['config', 'check', join(dir, 'nope.json')], missing)).toBe(EXIT.failed);
    expect(missing.stderr[0]).toMatch(/nope\.json: cannot be read \(ENOENT/);
    const two = captureIo();
    expect(await runCli(commands, ['config', 'check', path, path], two)).toBe(EXIT.usage);
  });
});
