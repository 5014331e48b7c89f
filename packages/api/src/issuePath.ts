import type * as v from 'valibot';

/** Where a Valibot issue is, as a developer writes it: `projects[0].name`; '' for the value itself. */
export function issuePath(issue: v.BaseIssue<unknown>, path = ''): string {
  for (const item of issue.path ?? []) {
    const key: unknown = item.key;
    path += typeof key === 'number' ? `[${key}]` : path ? `.${String(key)}` : String(key);
  }
  return path;
}
