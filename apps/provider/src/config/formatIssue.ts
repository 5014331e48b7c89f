import type * as v from 'valibot';

/** Formats an issue for people: `projects[0].name: expected a string, got 3`. */
export function formatIssue(issue: v.BaseIssue<unknown>): string {
  let path = '';
  for (const { key } of issue.path ?? []) {
    if (typeof key === 'number') path += `[${key}]`;
    else path += path ? `.${String(key)}` : String(key);
  }
  return `${path || '(root)'}: ${issue.message}`;
}
