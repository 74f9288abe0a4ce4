import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { expect, it, vi } from 'vitest';
import { rows } from '../../db/statement';
import { describeOnDatabases } from '../../test/databases';
import { call } from '../../test/harness';
import { memberWithToken } from '../../test/members';
import { memberIdOf, move } from '../../test/money';
import { useHarness } from '../../test/use-harness';
import { removeStaleRows } from './housekeeping';

describeOnDatabases('housekeeping', (target) => {
  const h = useHarness(target);

  /** A session row of the member, its token, and when it expires or was revoked (SQL intervals from now). */
  async function session(memberId: number, expiresIn: string, revokedAgo: string | null = null) {
    const token = randomBytes(32).toString('base64url');
    const hash = createHash('sha256').update(token).digest('hex');
    await h.db.execute(
      sql`insert into sessions (token_hash, member_id, expires_at, revoked_at)
          values (${hash}, ${memberId}, now() + ${expiresIn}::interval,
            case when ${revokedAgo}::text is null then null else now() - ${revokedAgo}::interval end)`,
    );
    return { token, hash };
  }

  const exists = async (table: 'sessions' | 'otp_requests', hash: string) =>
    (
      await rows<{ n: number }>(
        h.db,
        sql`select count(*)::int as n from ${sql.identifier(table)} where token_hash = ${hash}`,
      )
    )[0]?.n === 1;

  async function otp(createdAgo: string, blockedFor: string | null) {
    const hash = randomBytes(32).toString('hex');
    await h.db.execute(
      sql`insert into otp_requests (token_hash, ref, phone, code_hash, created_at, expires_at, blocked_until)
          values (${hash}, 'ABCD', '0811111111', 'x', now() - ${createdAgo}::interval,
            now() - ${createdAgo}::interval + interval '5 minutes',
            case when ${blockedFor}::text is null then null else now() + ${blockedFor}::interval end)`,
    );
    return hash;
  }

  it('removes the sessions and OTP requests no rule reads any more, and keeps the rest', async () => {
    const m = await memberWithToken(h.app);
    const id = await memberIdOf(h.db, m.username);
    const live = await session(id, '1 day');
    const expiredLately = await session(id, '-2 days');
    const expiredLongAgo = await session(id, '-31 days');
    const revokedLately = await session(id, '1 day', '1 hour');
    const revokedLongAgo = await session(id, '1 day', '2 days');
    const freshOtp = await otp('10 minutes', null);
    const oldOtp = await otp('2 days', null);
    const oldBlockedOtp = await otp('2 days', '1 hour');
    await move(h.app, m.token, 'add', { amount: 5 });
    await h.db.execute(sql`update idempotency_keys set created_at = now() - interval '25 hours'`);

    const removed = await removeStaleRows(h.db, h.app.money.idempotency);

    expect(removed.sessions).toBeGreaterThanOrEqual(2);
    expect(removed.otpRequests).toBeGreaterThanOrEqual(1);
    expect(removed.idempotencyKeys).toBeGreaterThanOrEqual(1);
    expect(await exists('sessions', live.hash)).toBe(true);
    expect(await exists('sessions', expiredLately.hash)).toBe(true);
    expect(await exists('sessions', revokedLately.hash)).toBe(true);
    expect(await exists('sessions', expiredLongAgo.hash)).toBe(false);
    expect(await exists('sessions', revokedLongAgo.hash)).toBe(false);
    expect(await exists('otp_requests', freshOtp)).toBe(true);
    expect(await exists('otp_requests', oldBlockedOtp)).toBe(true);
    expect(await exists('otp_requests', oldOtp)).toBe(false);

    // A member back with a session that expired lately is still told it expired.
    const res = await call(h.app, 'GET', '/api/wallet', { token: expiredLately.token });
    expect(res.body).toMatchObject({ code: 'EXPIRED_AUTH_TOKEN' });
    const alive = await call(h.app, 'GET', '/api/wallet', { token: live.token });
    expect(alive.status).toBe(200);
  });

  it('removes stale rows by the periodic job `housekeeping` once the periodic sweeps are on', async () => {
    const oldOtp = await otp('2 days', null);
    // The default test app has RECONCILE_INTERVAL_MS=0: nothing removes the row.
    expect(await exists('otp_requests', oldOtp)).toBe(true);
    await h.build({ RECONCILE_INTERVAL_MS: '500' });
    await vi.waitFor(
      async () => {
        expect(await exists('otp_requests', oldOtp)).toBe(false);
        const runs = await rows<{ n: number }>(
          h.db,
          sql`select count(*)::int as n from jobs.job
              where name = 'housekeeping' and state = 'completed'`,
        );
        expect(runs[0]?.n).toBeGreaterThan(0);
      },
      { timeout: 20_000, interval: 250 },
    );
  });
});
