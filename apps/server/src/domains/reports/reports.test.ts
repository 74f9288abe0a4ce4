import { constants, publicEncrypt, randomUUID } from 'node:crypto';
import type { ReportResponse } from '@wallet/contract/reports';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { expect, it } from 'vitest';
import { numberFromInt8, rows } from '../../db/statement';
import { describeOnDatabases } from '../../test/databases';
import { call } from '../../test/harness';
import { memberWithToken, newLaoPhone } from '../../test/members';
import { expectLedgerInvariants, memberIdOf, move, topUp } from '../../test/money';
import { ownTransfer, sandboxSlip, uploadAndSettle } from '../../test/slips';
import { claim, couponOf, type Member } from '../../test/spin';
import { staffToken } from '../../test/staff';
import { useHarness } from '../../test/use-harness';
import {
  type Action,
  type Dated,
  type Expected,
  emptyExpected,
  figures,
  localDay,
  periodStart,
  plan,
} from './reports-oracle';

describeOnDatabases("the operator's reports", (target) => {
  const h = useHarness(target);

  /**
   * Dates every row the member's last action wrote (those written in the last hour: earlier
   * actions were already dated years back) at `at`, as if it had happened then.
   */
  async function dateLastAction(memberId: number, at: Date) {
    const fresh = sql`select id from ledger_transactions
      where member_id = ${memberId} and created_at > now() - interval '1 hour'`;
    await h.db.transaction(async (tx) => {
      // The ledger's entries are append-only (a trigger): this test rewrites history on purpose.
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx.execute(sql`update ledger_entries set created_at = ${at}
        where transaction_id in (${fresh})`);
      await tx.execute(sql`update outside_credits set created_at = ${at}
        where transaction_id in (${fresh})`);
      await tx.execute(sql`update ledger_transactions set created_at = ${at},
          settled_at = case when settled_at is null then null else ${at}::timestamptz end
        where id in (${fresh})`);
      await tx.execute(sql`update game_rounds set played_at = ${at}
        where member_id = ${memberId} and played_at > now() - interval '1 hour'`);
    });
  }

  /** The member's ledger transactions written by the last action, before they are dated. */
  const lastTransactions = (memberId: number) =>
    rows<{
      id: unknown;
      type: string;
      status: string;
      provider_code: string | null;
      change: unknown;
    }>(
      h.db,
      sql`select t.id, t.type, t.status, t.provider_code,
            coalesce((select sum(e.amount) from ledger_entries e
              join ledger_accounts a on a.id = e.account_id and a.member_id is not null
              where e.transaction_id = t.id), 0) as change
          from ledger_transactions t
          where t.member_id = ${memberId} and t.created_at > now() - interval '1 hour'`,
    );

  /** Does what the action says; answers whether a round was played (its bets are turnover). */
  async function act(m: Member & { id: number }, a: Action): Promise<boolean> {
    const { app, db } = h;
    const body = m.body as { bankCode: string; bankAccountNo: string };
    const key = { 'idempotency-key': randomUUID() };
    switch (a.kind) {
      case 'sandbox':
        // Member-started deposits wait while a bonus runs (BONUS_REMAINING): nothing to count.
        await move(app, m.token, 'add', { amount: a.amount });
        return false;
      case 'bank':
        await call(app, 'POST', '/api/sandbox/bank-transfer', {
          body: {
            bankCode: body.bankCode,
            accountNo: body.bankAccountNo,
            amount: a.amount,
            reference: `SCB${randomUUID()}`,
          },
        });
        return false;
      case 'qr': {
        const qr = await call(app, 'POST', `/api/qrcode/${a.provider}`, {
          token: m.token,
          body: { amount: a.amount },
          headers: key,
        });
        if (qr.status !== 200) return false;
        await call(app, 'POST', `/api/sandbox/qrcode/${qr.body.qrcodeId}/pay`);
        return false;
      }
      case 'gift': {
        const publicKey = String(
          (await call(app, 'GET', '/api/lookup/truelink-key')).body.publicKey,
        );
        const link = String(
          (
            await call(app, 'POST', '/api/sandbox/truelink', {
              body: { amount: a.amount, phoneNumber: m.username },
            })
          ).body.link,
        );
        const encrypted = publicEncrypt(
          { key: publicKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
          Buffer.from(link, 'utf8'),
        ).toString('base64');
        await call(app, 'POST', '/api/wallet/truelink', {
          token: m.token,
          body: { link: encrypted },
          headers: key,
        });
        return false;
      }
      case 'slip': {
        const { image } = await sandboxSlip(app, ownTransfer(m, a.amount));
        await uploadAndSettle(app, m.token, image);
        return false;
      }
      case 'withdraw':
        // Refused while a bonus runs or above the cash: the report then shows nothing of it.
        await move(app, m.token, 'withdraw', { amount: a.amount });
        await call(app, 'POST', '/api/sandbox/withdrawals/settle', {
          body: { username: m.username, status: 'success' },
        });
        return false;
      case 'adjust': {
        if (a.amount === 0) return false;
        const asked = await call(app, 'POST', '/api/backoffice/adjustments', {
          token: await staffToken(app, 'finance'),
          body: { memberId: m.id, amount: a.amount, reason: 'report test' },
        });
        if (asked.status !== 200) return false;
        await call(app, 'POST', `/api/backoffice/adjustments/${asked.body.id}/approve`, {
          token: await staffToken(app, 'admin'),
        });
        return false;
      }
      case 'round': {
        await move(app, m.token, 'add', { amount: a.bet });
        // Activated by the member's first round; a later one finds it active already.
        const activated = await call(app, 'GET', '/api/wallet/activate/PG', { token: m.token });
        expect([200, 409], JSON.stringify(activated.body)).toContain(activated.status);
        const funded = await move(app, m.token, 'transfer', {
          from: 'WALLET',
          to: 'PG',
          amount: a.bet,
        });
        if (funded.status !== 200) return false;
        const res = await call(app, 'POST', '/api/sandbox/games/PG/round', {
          token: m.token,
          body: { bet: a.bet, win: a.win },
        });
        expect(res.status, JSON.stringify(res.body)).toBe(200);
        await call(app, 'GET', '/api/wallet/refresh/slot', { token: m.token });
        return true;
      }
      case 'bonus':
        // Paid into the bonus wallet with the next deposit.
        await call(app, 'GET', '/api/bonus/activate/DAILY10', { token: m.token });
        return false;
      case 'coupon': {
        const coupon = await couponOf(db, m, a.slice);
        await claim(app, m, coupon);
        return false;
      }
    }
  }

  it('shows per day, week and month exactly what the members did, in the ledger', async () => {
    let run = 0;
    await fc.assert(
      fc.asyncProperty(plan, async ({ sources, joined, actions }) => {
        run += 1;
        // A window of its own, years back: nothing else in the database falls into it.
        const origin = Date.UTC(2000 + run, 0, 1);
        const at = (day: number, minutes: number) =>
          new Date(origin + day * 86_400_000 + minutes * 60_000);
        const periods = ['day', 'week', 'month'] as const;
        const expected = Object.fromEntries(
          periods.map((p) => [p, new Map<string, Expected>()]),
        ) as Record<(typeof periods)[number], Map<string, Expected>>;
        const totals = emptyExpected();
        const into = (when: Date, change: (e: Expected) => void) => {
          change(totals);
          for (const period of periods) {
            const start = periodStart(localDay(when), period);
            const map = expected[period];
            if (!map.has(start)) map.set(start, emptyExpected());
            change(map.get(start) as Expected);
          }
        };
        const add = <K>(map: Map<K, number>, key: K, n: number) =>
          map.set(key, (map.get(key) ?? 0) + n);

        const members = await Promise.all(
          joined.map(async (day, i) => {
            const sourceCode = sources[i % sources.length] as string;
            const m = await memberWithToken(h.app, { sourceCode });
            const id = await memberIdOf(h.db, m.username);
            const when = at(day, 20 * 60);
            await h.db.execute(sql`update members set created_at = ${when} where id = ${id}`);
            into(when, (e) => add(e.registrations, sourceCode, 1));
            return { ...m, id };
          }),
        );
        const firstDeposit = new Map<number, Date>();

        for (const { member, action: a, day, minute: minutes } of actions as Dated[]) {
          const m = members[member % members.length] as (typeof members)[number];
          const when = at(day, minutes);
          const played = await act(m, a);
          for (const t of await lastTransactions(m.id)) {
            const change = numberFromInt8(t.change);
            if (t.status !== 'failed') into(when, (e) => e.active.add(m.id));
            const flow = (channel: string) =>
              into(when, (e) => {
                const f = e.channels.get(channel) ?? { amount: 0, count: 0 };
                e.channels.set(channel, { amount: f.amount + change, count: f.count + 1 });
              });
            switch (t.type) {
              case 'deposit': {
                // A round's stake is topped up through the sandbox's deposit button.
                const channel =
                  a.kind === 'qr'
                    ? `qr.${a.provider}`
                    : a.kind === 'gift'
                      ? 'truemoney'
                      : a.kind === 'round'
                        ? 'sandbox'
                        : a.kind;
                flow(channel);
                const first = firstDeposit.get(m.id);
                if (!first || when < first) firstDeposit.set(m.id, when);
                break;
              }
              case 'adjustment':
                flow('manual');
                break;
              case 'withdraw':
                if (change !== 0) {
                  into(when, (e) => {
                    e.withdrawals.amount -= change;
                    e.withdrawals.count += 1;
                  });
                }
                break;
              case 'bonus':
              case 'finish_bonus':
                into(when, (e) => add(e.rewards, a.kind === 'coupon' ? 'coupon' : 'bonus', change));
                break;
              case 'game_result':
                into(when, (e) => {
                  const g = e.games.get(t.provider_code ?? '') ?? { turnover: 0, ggr: 0 };
                  e.games.set(t.provider_code ?? '', { ...g, ggr: g.ggr - change });
                });
                break;
            }
          }
          if (a.kind === 'round' && played) {
            into(when, (e) => {
              const g = e.games.get('PG') ?? { turnover: 0, ggr: 0 };
              e.games.set('PG', { ...g, turnover: g.turnover + a.bet * 100 });
            });
          }
          await dateLastAction(m.id, when);
        }
        for (const [id, when] of firstDeposit) into(when, (e) => e.firstDeposits.add(id));

        const from = localDay(at(0, 0));
        const to = localDay(at(80, 23 * 60 + 59));
        const token = await staffToken(h.app, 'viewer');
        for (const period of periods) {
          const res = await call(
            h.app,
            'GET',
            `/api/backoffice/reports?currency=BAHT&period=${period}&from=${from}&to=${to}`,
            { token },
          );
          expect(res.status, JSON.stringify(res.body)).toBe(200);
          const report = res.body as unknown as ReportResponse;
          // Every period the range touches is a row, a quiet one of zeros.
          const starts = new Set<string>();
          for (let day = 0; localDay(at(day, 0)) <= to; day++) {
            starts.add(periodStart(localDay(at(day, 0)), period));
          }
          const want = [...starts].sort().map((start) => ({
            start,
            ...figures(expected[period].get(start) ?? emptyExpected()),
          }));
          expect(report.rows).toEqual(want);
          expect(report.totals).toEqual(figures(totals));
        }
        await expectLedgerInvariants(h.db);
      }),
      { numRuns: 4, endOnFailure: true },
    );
  }, 600_000);

  it('keeps kip and baht apart, and refuses a range it cannot answer', async () => {
    const laos = await h.build({ LAOS: '1' });
    const kip = await memberWithToken(laos, {
      username: newLaoPhone(),
      bankCode: 'BCEL',
      currency: 'LAK',
    });
    await topUp(laos, kip.token, 100_000);
    const token = await staffToken(h.app, 'finance');
    const today = localDay(new Date());
    const read = async (currency: string) =>
      (
        await call(
          h.app,
          'GET',
          `/api/backoffice/reports?currency=${currency}&from=${today}&to=${today}`,
          { token },
        )
      ).body as unknown as ReportResponse;
    const lak = await read('LAK');
    expect(lak.totals.deposits.channels.sandbox).toEqual({ amount: 100_000, count: 1 });
    const baht = await read('BAHT');
    expect(baht.totals.deposits.channels.sandbox.amount).not.toBe(100_000);

    for (const query of [
      `currency=BAHT&from=${today}&to=2000-01-01`,
      'currency=BAHT&from=2020-01-01&to=2022-01-01',
      `currency=USD&from=${today}&to=${today}`,
      `currency=BAHT&period=year&from=${today}&to=${today}`,
    ]) {
      const res = await call(h.app, 'GET', `/api/backoffice/reports?${query}`, { token });
      expect(res.status, query).toBe(400);
      expect(res.body.code, query).toBe('KEY_INVALID');
    }
    // Reports are for staff who read the business; support does not.
    const support = await staffToken(h.app, 'support');
    const refused = await call(
      h.app,
      'GET',
      `/api/backoffice/reports?currency=BAHT&from=${today}&to=${today}`,
      { token: support },
    );
    expect(refused.status).toBe(403);
  });
});
