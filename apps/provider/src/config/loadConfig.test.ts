import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { testProject } from '../../test/testConfig';
import { ConfigError, loadConfig, loadConfigFile } from './loadConfig';

const dir = mkdtempSync(join(tmpdir(), 'latch-config-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const write = (name: string, text: string): string => {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
};

describe('loadConfigFile', () => {
  it('names the file and the JSON path of the first problem', () => {
    const path = write(
      'latch.config.json',
      JSON.stringify({ projects: [testProject({ authorized_origins: ['http://a.test', 'http://x/'] })] }),
    );
    expect(() => loadConfigFile(path)).toThrow(
      new ConfigError(
        `${path}: projects[0].authorized_origins[1]: "http://x/" is not an origin (no path allowed)`,
      ),
    );
  });

  it('reports invalid JSON and unreadable files', () => {
    expect(() => loadConfigFile(write('broken.json', '{"projects": ['))).toThrow(
      /broken\.json: is not valid JSON/,
    );
    expect(() => loadConfigFile(join(dir, 'missing.json'))).toThrow(/missing\.json: cannot be read/);
  });
});

describe('loadConfig without LATCH_CONFIG', () => {
  it('writes a default dev project on first start and reuses it afterwards', () => {
    const dataDir = join(dir, 'data');
    const first = loadConfig({ dataDir });
    expect(first.created).toBe(true);
    expect(first.path).toBe(join(dataDir, 'latch.config.json'));
    expect(statSync(first.path).mode & 0o077).toBe(0);
    expect(first.config.dev_routes).toBe(true);
    const [project] = first.config.projects;
    expect(project?.public_token).toMatch(/^public-token-test-[0-9a-f-]{36}$/);
    expect(project?.project_id).toMatch(/^project-test-[0-9a-f-]{36}$/);
    expect(project?.secret).toMatch(/^secret-test-[A-Za-z0-9_-]{32}$/);
    expect(project).toMatchObject({
      test: true,
      display_watermark: true,
      password_policy: { type: 'zxcvbn' },
      authorized_origins: ['http://127.0.0.1:3000', 'http://localhost:3000'],
      idp_authorization_url: 'http://127.0.0.1:3000/idp',
      redirect_urls: [
        'http://127.0.0.1:3000/',
        'http://127.0.0.1:3000/authenticate',
        'http://127.0.0.1:3000/reset-password',
        'http://localhost:3000/',
        'http://localhost:3000/authenticate',
        'http://localhost:3000/reset-password',
      ],
    });
    const second = loadConfig({ dataDir });
    expect(second).toEqual({ ...first, created: false });
    expect(JSON.parse(readFileSync(first.path, 'utf8'))).toEqual(first.config);
  });

  it('turns the dev routes on in a file generated before they had a setting, and nowhere else', () => {
    const dataDir = join(dir, 'older');
    const generated = loadConfig({ dataDir });
    const { dev_routes: _, ...older } = generated.config;
    writeFileSync(generated.path, JSON.stringify(older));
    const loaded = loadConfig({ dataDir });
    expect(loaded.config.dev_routes).toBe(true);
    expect(loaded.updated).toBe(false);
    expect(JSON.parse(readFileSync(generated.path, 'utf8'))).toMatchObject({ dev_routes: true });
    const own = write('own.config.json', JSON.stringify({ projects: [testProject()] }));
    expect(loadConfig({ dataDir, configPath: own }).config.dev_routes).toBe(false);
  });

  it('creates the dev project for the demo origin it is given (npm start on another port)', () => {
    const demo = ['http://127.0.0.1:3600', 'http://localhost:3600'];
    const { config } = loadConfig({ dataDir: join(dir, 'demo-3600'), devOrigins: demo });
    const [project] = config.projects;
    expect(project?.authorized_origins).toEqual(demo);
    expect(project?.redirect_urls).toContain('http://127.0.0.1:3600/authenticate');
    expect(project?.idp_authorization_url).toBe('http://127.0.0.1:3600/idp');
    expect(project?.connected_apps[0]?.redirect_urls).toEqual([
      'http://127.0.0.1:3600/third-party-app',
      'http://localhost:3600/third-party-app',
    ]);
  });

  it("authorizes the demo's new origin in an existing dev project and keeps the operator's edits", () => {
    const dataDir = join(dir, 'moved-demo');
    const { path, config: created } = loadConfig({ dataDir });
    const operators = {
      name: 'Team Dev',
      authorized_origins: ['https://app.example'],
      redirect_urls: ['https://app.example/welcome'],
    };
    const edited = {
      projects: [
        ...created.projects.map((p) => ({ ...p, ...operators })),
        testProject({ authorized_origins: ['https://other.example'] }),
      ],
    };
    writeFileSync(path, JSON.stringify(edited));

    const demo = ['http://127.0.0.1:3600', 'http://localhost:3600'];
    const moved = loadConfig({ dataDir, devOrigins: demo });
    expect(moved.updated).toBe(true);
    const [project, other] = moved.config.projects;
    expect(project).toMatchObject({
      name: 'Team Dev',
      public_token: created.projects[0]?.public_token,
      authorized_origins: ['https://app.example', ...demo],
      // The demo's authorization page follows the demo, or the file would name a page on an
      // origin it no longer authorizes.
      idp_authorization_url: 'http://127.0.0.1:3600/idp',
    });
    expect(project?.redirect_urls).toEqual([
      'https://app.example/welcome',
      'http://127.0.0.1:3600/',
      'http://127.0.0.1:3600/authenticate',
      'http://127.0.0.1:3600/reset-password',
      'http://localhost:3600/',
      'http://localhost:3600/authenticate',
      'http://localhost:3600/reset-password',
    ]);
    expect(project?.connected_apps[0]?.redirect_urls).toContain('http://localhost:3600/third-party-app');
    expect(other?.authorized_origins).toEqual(['https://other.example']);
    expect(JSON.parse(readFileSync(path, 'utf8'))).toMatchObject({ projects: [project, other] });

    const again = loadConfig({ dataDir, devOrigins: demo });
    expect(again).toEqual({ ...moved, updated: false });
  });

  it("moves only the demo's authorization page, and adds it to a file generated without one", () => {
    const dataDir = join(dir, 'idp-page');
    const { path, config: created } = loadConfig({ dataDir });
    const demo = ['http://localhost:3700'];
    const rewrite = (patch: Record<string, unknown>) => {
      const { idp_authorization_url: _, ...project } = created.projects[0] ?? testProject();
      writeFileSync(path, JSON.stringify({ ...created, projects: [{ ...project, ...patch }] }));
      return loadConfig({ dataDir, devOrigins: demo }).config.projects[0]?.idp_authorization_url;
    };
    expect(rewrite({})).toBe('http://localhost:3700/idp');
    expect(rewrite({ idp_authorization_url: 'http://localhost:3000/idp' })).toBe('http://localhost:3700/idp');
    expect(rewrite({ idp_authorization_url: 'http://127.0.0.1:3000/oauth/authorize' })).toBe(
      'http://127.0.0.1:3000/oauth/authorize',
    );
  });

  it('uses LATCH_CONFIG when given and never writes a default next to it', () => {
    const path = write('given.json', JSON.stringify({ projects: [testProject()] }));
    const dataDir = join(dir, 'unused');
    const devOrigins = ['http://127.0.0.1:3600'];
    const given = loadConfig({ configPath: path, dataDir, devOrigins }).config.projects[0];
    expect(given?.public_token).toBe(testProject().public_token);
    expect(given?.authorized_origins).toEqual(testProject().authorized_origins);
    expect(JSON.parse(readFileSync(path, 'utf8'))).toEqual({ projects: [testProject()] });
    expect(existsSync(dataDir)).toBe(false);
  });
});
