import type { BonusSetting } from '@wallet/contract/promotion-settings';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { call } from '../../test/harness';
import { memberWithToken } from '../../test/members';
import { startTwoProcesses, type TwoProcesses } from '../../test/processes';
import { describeWith } from '../../test/services';
import { staffToken } from '../../test/staff';

/** Every process reads a change within a second (the settings' one-second caches). */
const eventually = async (check: () => Promise<boolean>) => {
  const until = Date.now() + 3_000;
  while (!(await check())) {
    if (Date.now() > until) throw new Error('the other process never saw the change');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
};

/** The issue: a change takes effect for members without a restart, across several processes. */
describeWith('postgres', 'settings changed on one process, seen on the other', (adminUrl) => {
  let processes: TwoProcesses;
  let staffSide: FastifyInstance;
  let memberSide: FastifyInstance;
  beforeAll(async () => {
    processes = await startTwoProcesses(adminUrl);
    [staffSide, memberSide] = processes.servers;
  });
  afterAll(async () => {
    await processes?.close();
  });

  it('applies a switch, an amount rule, a bonus, a text, a provider and an allow-list everywhere', async () => {
    const admin = await staffToken(staffSide, 'admin');
    const m = await memberWithToken(memberSide);
    const asMember = (path: string, headers: Record<string, string> = {}) =>
      call(memberSide, 'GET', path, { token: m.token, headers });
    const put = async (path: string, body: object) => {
      const res = await call(staffSide, 'PUT', `/api/backoffice${path}`, { token: admin, body });
      expect(res.status, `${path}: ${JSON.stringify(res.body)}`).toBe(200);
    };

    await put('/settings/switches', { registerOTP: false, reason: 'launch week' });
    await eventually(
      async () =>
        (await call(memberSide, 'GET', '/api/lookup/registerOTP')).body.isActive === false,
    );

    const limits = (
      await call(staffSide, 'GET', '/api/backoffice/settings/limits', { token: admin })
    ).body.currencies as { currency: string; limits: Record<string, unknown> }[];
    const baht = limits.find((c) => c.currency === 'BAHT')?.limits;
    await put('/settings/limits/BAHT', { limits: { ...baht, withdrawMin: 123 }, reason: 'fees' });
    await eventually(async () => (await asMember('/api/lookup/withdraw')).body.withdrawMin === 123);

    const bonuses = (
      await call(staffSide, 'GET', '/api/backoffice/promotions/bonuses', { token: admin })
    ).body.bonuses as BonusSetting[];
    const daily = bonuses.find((b) => b.code === 'DAILY10') as BonusSetting;
    const { code, currency, ...rules } = daily;
    await put('/promotions/bonuses/DAILY10', { ...rules, percent: 35, reason: 'push' });
    await eventually(async () =>
      ((await asMember('/api/bonus')).body.bonuses as { code: string; percent: number }[]).some(
        (b) => b.code === 'DAILY10' && b.percent === 35,
      ),
    );

    await put('/settings/content/notice', {
      value: { notice: { th: 'ใหม่', la: 'ໃໝ່', en: 'New notice %percentFail%' } },
      reason: 'clearer',
    });
    await eventually(
      async () =>
        (await asMember('/api/lookup/notice', { 'accept-language': 'en' })).body.notice ===
        'New notice %percentFail%',
    );

    await put('/settings/game-providers/PG', { maintenance: true, reason: 'provider upgrade' });
    await eventually(async () =>
      ((await asMember('/api/wallet')).body.slots as { code: string; maintenance: boolean }[]).some(
        (slot) => slot.code === 'PG' && slot.maintenance,
      ),
    );

    await put('/settings/ip-allow-lists', {
      members: ['127.0.0.1/32', '192.0.2.0/24'],
      staff: [],
      reason: 'office only',
    });
    await eventually(
      async () =>
        (await call(memberSide, 'GET', '/api/lookup/info', { remoteAddress: '198.51.100.1' }))
          .status === 403,
    );
    await put('/settings/ip-allow-lists', { members: [], staff: [], reason: 'open again' });
  });
});
