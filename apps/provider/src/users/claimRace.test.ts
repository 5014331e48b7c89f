import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestAuthenticator } from '@latch/test-support/passkeys';
import { PROJECT_ID } from '../../test/authTestKit';
import { BROWSER, openWebAuthnKit, type Reply, type WebAuthnKit } from '../../test/webauthnTestKit';
import { proveAddressInTransaction } from './proveAddress';

const STRANGERS = 'plum-Vortex-9-quietly-Anchor';
/** Long enough for a request on another connection to reach the lock the open claim holds. */
const LET_IT_BLOCK_MS = 400;
let n = 0;
const freshEmail = () => `raced${++n}-${Date.now()}@example.com`;

/**
 * A stranger's sign-in or credential whose check is under way when the owner claims the account
 * (users/proveAddress.ts): on PostgreSQL, the claim's transaction is held open while the
 * stranger's request runs on another connection of the pool, then committed. Whatever the
 * stranger's request read before, it must start no session and attach nothing.
 */
describe(
  'credentials under way while the owner claims the account, on PostgreSQL',
  { timeout: 30_000 },
  () => {
    let kit: WebAuthnKit;
    beforeAll(async () => {
      kit = await openWebAuthnKit('postgres');
    }, 60_000);
    afterAll(() => kit?.close());

    const strangerSignsUp = async (email: string) => {
      const data = await kit.ok('/passwords', { email, password: STRANGERS, session_duration_minutes: 60 });
      return { userId: String(data['user_id']), token: String(data['session_token']) };
    };

    /**
     * Runs the owner's claim of `email` in a transaction held open while `stranger` starts, commits
     * it, and answers the stranger's reply and whether it came before the commit.
     */
    async function claimWhile(email: string, stranger: () => Promise<Reply>) {
      const [address] = await kit.db.query<{ email_id: string; user_id: string }>(
        'SELECT email_id, user_id FROM user_emails WHERE project_id = $1 AND email = $2',
        [PROJECT_ID, email],
      );
      if (!address) throw new Error(`no address ${email}`);
      let committed = false;
      let reply: Promise<Reply & { beforeCommit: boolean }> | undefined;
      await kit.db.transaction(async (tx) => {
        const proved = await proveAddressInTransaction(tx, {
          project: { project_id: PROJECT_ID, test: true, webhooks: [] },
          userId: address.user_id,
          address: { emailId: address.email_id },
          requestSession: {},
          now: new Date(),
        });
        expect(proved?.claimed).toBe(true);
        reply = stranger().then((r) => ({ ...r, beforeCommit: !committed }));
        await new Promise((resolve) => setTimeout(resolve, LET_IT_BLOCK_MS));
        // Set as the callback returns, before COMMIT is sent: nothing the claim blocks can answer sooner.
        committed = true;
      });
      if (!reply) throw new Error('the stranger never started');
      return reply;
    }

    const errorOf = (r: Reply) => [r.status, r.body['error_type']];
    const userOf = async (userId: string) => {
      const [row] = await kit.db.query<{ passkeys: number; live: number }>(
        `SELECT (SELECT count(*)::int FROM webauthn_registrations WHERE user_id = $1) AS passkeys,
              (SELECT count(*)::int FROM sessions WHERE user_id = $1 AND revoked_at IS NULL) AS live`,
        [userId],
      );
      return row;
    };

    it('a password login whose hash was read before the claim gets no session', async () => {
      const email = freshEmail();
      const stranger = await strangerSignsUp(email);
      const login = await claimWhile(email, () =>
        kit.post('/passwords/authenticate', { email, password: STRANGERS, session_duration_minutes: 60 }),
      );
      expect(login.beforeCommit).toBe(false);
      expect(errorOf(login)).toEqual([401, 'unauthorized_credentials']);
      expect(await userOf(stranger.userId)).toEqual({ passkeys: 0, live: 0 });
    });

    it('a passkey login under way gets no session', async () => {
      const email = freshEmail();
      const stranger = await strangerSignsUp(email);
      const passkey = createTestAuthenticator();
      expect((await kit.register(stranger.token, passkey)).status).toBe(200);
      // Refused before or after the commit, depending on where it meets the claim's locks.
      const login = await claimWhile(email, () => kit.login(passkey));
      expect(login.status).toBeGreaterThanOrEqual(400);
      expect(login.status).toBeLessThan(500);
      expect(await userOf(stranger.userId)).toEqual({ passkeys: 0, live: 0 });
    });

    it("a passkey registration in the stranger's session attaches nothing", async () => {
      const email = freshEmail();
      const stranger = await strangerSignsUp(email);
      // Started (and its session last recorded) before the claim: only the final step races it.
      const options = await kit.startRegistration(stranger.token);
      const credential = createTestAuthenticator().register({
        ...BROWSER,
        rpId: options.rp.id,
        challenge: options.challenge,
      });
      const registered = await claimWhile(email, () =>
        kit.call(
          'POST',
          '/webauthn/register',
          { public_key_credential: credential, session_duration_minutes: 60 },
          stranger.token,
        ),
      );
      expect(registered.beforeCommit).toBe(false);
      expect(registered.status).toBeGreaterThanOrEqual(400);
      expect(registered.status).toBeLessThan(500);
      expect(await userOf(stranger.userId)).toEqual({ passkeys: 0, live: 0 });
    });

    it('a password change from the backend, under way with the old password, stores nothing', async () => {
      const email = freshEmail();
      await strangerSignsUp(email);
      const changed = await claimWhile(email, () =>
        kit.v1('POST', '/v1/passwords/existing_password/reset', {
          email,
          existing_password: STRANGERS,
          new_password: 'teal-Harbor-52-lantern-Fig',
        }),
      );
      expect(errorOf(changed)).toEqual([401, 'unauthorized_credentials']);
      const [row] = await kit.db.query<{ password_requires_reset: boolean }>(
        'SELECT password_requires_reset FROM users JOIN user_emails USING (user_id) WHERE email = $1',
        [email],
      );
      expect(row?.password_requires_reset).toBe(true);
    });
  },
);
