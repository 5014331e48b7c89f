import { readFileSync } from 'node:fs';
import { PUBLIC_TOKEN } from './env';

/** A project of e2e/fixtures/latch.config.json, as the backend API needs it. */
export interface FixtureProject {
  project_id: string;
  public_token: string;
  secret: string;
  name: string;
  connected_apps?: { client_id: string; client_secret?: string; redirect_urls: string[] }[];
}

// Read from the one config file the provider starts with, so ids and secrets are never copied.
const { projects } = JSON.parse(
  readFileSync(new URL('../fixtures/latch.config.json', import.meta.url), 'utf8'),
) as { projects: FixtureProject[] };

function project(publicToken: string): FixtureProject {
  const found = projects.find((p) => p.public_token === publicToken);
  if (!found) throw new Error(`No project with ${publicToken} in e2e/fixtures/latch.config.json`);
  return found;
}

/** The default project every host page mounts (zxcvbn password policy). */
export const DEFAULT_PROJECT = project(PUBLIC_TOKEN);
/** The project with the LUDS password policy: 10 characters, 3 of the 4 character classes. */
export const LUDS_PROJECT = project('public-token-test-e2e-00000000-0000-4000-8000-000000000002');
