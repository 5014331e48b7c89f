import { expect, it } from 'vitest';
import { testApp } from '../../test/testApp';
import { SIGN_IN_ROUTES } from './signInOutcome';

it('every route latch_sign_ins_total counts is a POST route of the app', () => {
  const { app } = testApp();
  const posts = new Set(app.routes.filter((r) => r.method === 'POST').map((r) => r.path));
  for (const pattern of Object.keys(SIGN_IN_ROUTES)) expect(posts, pattern).toContain(pattern);
});
