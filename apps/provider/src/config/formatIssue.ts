import { issuePath } from '@latch/api';
import type * as v from 'valibot';

/** Formats an issue for people: `projects[0].name: expected a string, got 3`. */
export const formatIssue = (issue: v.BaseIssue<unknown>): string =>
  `${issuePath(issue) || '(root)'}: ${issue.message}`;
