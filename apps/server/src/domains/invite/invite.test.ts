import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import { readSetting, writeSetting } from '../../core/settings/settings.repository';
import { describeOnDatabases } from '../../test/databases';
import { call } from '../../test/harness';
import { memberWithToken } from '../../test/members';
import {
  expectLedgerInvariants,
  fundGame,
  ledgerBalances,
  memberIdOf,
  playRound,
  topUp,
} from '../../test/money';
import { useHarness } from '../../test/use-harness';

type Member = Awaited<ReturnType<typeof memberWithToken>>;

describeOnDatabases('invite bonuses', (target) => {
  const h = useHarness(target);

  const get = (m: Member, path: string) => call(h.app, 'GET', path, { token: m.token });

  /** An inviter and a friend registered with the inviter's code, who lost 1,000 baht. */
  async function inviterWithFriend() {
    const inviter = await memberWithToken(h.app);
    const inviterId = await memberIdOf(h.db, inviter.username);
    const friend = await memberWithToken(h.app, {
      name: 'Malee Srisuk',
      inviteCode: `PR${inviterId}`,
    });
    await topUp(h.app, friend.token, 1000);
    await fundGame(h.app, friend.token, 'PG', 1000);
    await playRound(h.app, friend.token, { bet: 1000, win: 0 });
    return { inviter, inviterId, friend };
  }

  it("pays the inviter the configured share of the friends' losses, collected once", async () => {
    const { inviter, inviterId } = await inviterWithFriend();
    // 5 % of the friend's 1,000 lost.
    const wallet = await get(inviter, '/api/wallet');
    expect(wallet.body.invite).toEqual({ amount: 50, success: 0.5, fail: 5 });
    const list = await call(h.app, 'POST', '/api/invite', {
      token: inviter.token,
      body: { page: 1, limit: 10 },
    });
    expect(list.body).toMatchObject({
      total: 1,
      invites: [{ from: { name: 'Malee Srisuk' }, amount: 50 }],
    });
    const key = { 'idempotency-key': randomUUID() };
    const collected = await call(h.app, 'GET', '/api/invite/bonus', {
      token: inviter.token,
      headers: key,
    });
    expect(collected.body).toEqual({ message: 'INVITE_BONUS_SUCCESS', amount: 50 });
    // Sent again with its key: the first answer, nothing more collected.
    const again = await call(h.app, 'GET', '/api/invite/bonus', {
      token: inviter.token,
      headers: key,
    });
    expect(again.body).toEqual(collected.body);
    expect((await ledgerBalances(h.db, inviterId)).cash).toBe(5_000);
    expect((await get(inviter, '/api/invite/bonus')).body.code).toBe('NO_INVITE_BONUS');
    expect((await get(inviter, '/api/wallet')).body.invite).toMatchObject({ amount: 0 });
    await expectLedgerInvariants(h.db);
  });

  it('collects once when many collects race', async () => {
    const { inviter, inviterId } = await inviterWithFriend();
    const answers = await Promise.all(
      Array.from({ length: 50 }, () => get(inviter, '/api/invite/bonus')),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect((await ledgerBalances(h.db, inviterId)).cash).toBe(5_000);
    await expectLedgerInvariants(h.db);
  });

  it('shows nothing to a member who invited no one, and answers INVITE_INACTIVE while it is off', async () => {
    const lonely = await memberWithToken(h.app);
    expect((await get(lonely, '/api/invite/bonus')).body.code).toBe('NO_INVITE_BONUS');
    const setting = await readSetting(h.db, 'invite');
    await writeSetting(h.db, 'invite', { ...setting, isActive: false });
    try {
      expect((await get(lonely, '/api/invite/bonus')).body.code).toBe('INVITE_INACTIVE');
    } finally {
      await writeSetting(h.db, 'invite', setting);
    }
    const banners = await get(lonely, '/api/invite/banners');
    expect((banners.body.banners as unknown[]).length).toBeGreaterThan(0);
  });
});
