import fc from 'fast-check';
import { expect, it } from 'vitest';
import { describeOnDatabases } from '../../test/databases';
import { call } from '../../test/harness';
import { memberWithToken } from '../../test/members';
import {
  activate,
  expectLedgerInvariants,
  ledgerBalances,
  memberIdOf,
  move,
  providerBalance,
  setFault,
  topUp,
} from '../../test/money';
import { useHarness } from '../../test/use-harness';

const GAMES = ['JOKER', 'PG', 'CIRCUS'] as const;
const ACCOUNTS = ['WALLET', ...GAMES] as const;
const MODES = ['ok', 'ok', 'fail', 'timeout', 'lost'] as const;

type Member = { token: string; id: number; username: string };

// Moves are small next to the top-ups and the most frequent step, so that most of them succeed
// and the paths after a success are exercised as often as the refusals.
const amount = fc.integer({ min: 1, max: 80 });
const action = fc.oneof(
  fc.record({
    kind: fc.constant('topUp' as const),
    who: fc.nat(1),
    amount: fc.integer({ min: 1, max: 1000 }),
  }),
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('transfer' as const),
      who: fc.nat(1),
      from: fc.constantFrom(...ACCOUNTS),
      to: fc.constantFrom(...ACCOUNTS),
      amount,
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('transferAll' as const),
      who: fc.nat(1),
      to: fc.constantFrom(...ACCOUNTS),
    }),
  },
  fc.record({
    kind: fc.constant('withdraw' as const),
    who: fc.nat(1),
    amount: fc.integer({ min: 100, max: 600 }),
  }),
  fc.record({
    kind: fc.constant('settle' as const),
    who: fc.nat(1),
    status: fc.constantFrom('success' as const, 'failed' as const),
  }),
  fc.record({
    kind: fc.constant('round' as const),
    who: fc.nat(1),
    game: fc.constantFrom(...GAMES),
    bet: fc.integer({ min: 0, max: 50 }),
    win: fc.integer({ min: 0, max: 80 }),
  }),
  fc.record({
    kind: fc.constant('fault' as const),
    game: fc.constantFrom(...GAMES),
    mode: fc.constantFrom(...MODES),
  }),
  fc.record({ kind: fc.constant('reconcile' as const) }),
);
type Action = typeof action extends fc.Arbitrary<infer A> ? A : never;

describeOnDatabases('the ledger under random money traffic', (target) => {
  const h = useHarness(target);

  async function newMember(): Promise<Member> {
    const m = await memberWithToken(h.app);
    for (const code of GAMES) await activate(h.app, m.token, code);
    await topUp(h.app, m.token, 500);
    return { token: m.token, username: m.username, id: await memberIdOf(h.db, m.username) };
  }

  /** A money call's answer carries the wallet as it stands after the call: what a read then shows. */
  async function moveAndCheckWallet(member: Member, path: string, body: unknown) {
    const res = await move(h.app, member.token, path, body);
    if (res.status !== 200) return;
    const read = await call(h.app, 'GET', '/api/wallet', { token: member.token });
    expect(res.body.wallet, `${path} ${JSON.stringify(body)}`).toEqual(read.body.wallet);
  }

  async function run(members: Member[], a: Action): Promise<void> {
    const m = 'who' in a ? members[a.who] : undefined;
    switch (a.kind) {
      case 'topUp':
        if (m) await moveAndCheckWallet(m, 'add', { amount: a.amount });
        return;
      case 'transfer':
        if (m)
          await moveAndCheckWallet(m, 'transfer', { from: a.from, to: a.to, amount: a.amount });
        return;
      case 'transferAll':
        if (m) await moveAndCheckWallet(m, 'transferAll', { to: a.to });
        return;
      case 'withdraw':
        if (m) await moveAndCheckWallet(m, 'withdraw', { amount: a.amount });
        return;
      case 'settle':
        if (m) {
          await call(h.app, 'POST', '/api/sandbox/withdrawals/settle', {
            body: { username: m.username, status: a.status },
          });
        }
        return;
      case 'round':
        if (m) {
          await call(h.app, 'POST', `/api/sandbox/games/${a.game}/round`, {
            token: m.token,
            body: { bet: a.bet, win: a.win },
          });
        }
        return;
      case 'fault':
        await setFault(h.app, a.game, a.mode);
        return;
      case 'reconcile':
        await h.app.money.transfers.reconcile(0);
        return;
    }
  }

  /** The wallet's cash is what the member's own statement says it is. */
  async function expectStatementMatchesWallet(member: Member) {
    const res = await call(h.app, 'POST', '/api/statement', {
      token: member.token,
      body: { page: 1, limit: 100 },
    });
    const rows = res.body.statements as {
      statementType: string;
      status: string;
      from: string;
      to: string;
      amount: number;
    }[];
    expect(res.body.total).toBe(rows.length);
    let cents = 0;
    for (const row of rows) {
      const minor = Math.round(row.amount * 100);
      if (row.statementType === 'deposit' && row.status === 'success') cents += minor;
      if (row.statementType === 'withdraw' && row.status !== 'failed') cents -= minor;
      if (row.statementType === 'transfer') {
        if (row.to === 'WALLET' && row.status === 'success') cents += minor;
        if (row.from === 'WALLET' && row.status !== 'failed') cents -= minor;
      }
    }
    const wallet = await call(h.app, 'GET', '/api/wallet', { token: member.token });
    expect(Math.round((wallet.body.wallet as { cash: number }).cash * 100)).toBe(cents);
  }

  it('keeps every invariant after each step, and every satang where it belongs at the end', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(action, { minLength: 1, maxLength: 24 }), async (actions) => {
        const members = [await newMember(), await newMember()];
        for (const a of actions) {
          await run(members, a);
          await expectLedgerInvariants(h.db);
          for (const member of members) await expectStatementMatchesWallet(member);
        }
        // The outside world recovers: every pending transfer settles, exactly where it belongs.
        for (const code of GAMES) await setFault(h.app, code, 'ok');
        await h.app.money.transfers.reconcile(0);
        for (const member of members) {
          await call(h.app, 'GET', '/api/wallet/refresh/slot', { token: member.token });
          const balances = await ledgerBalances(h.db, member.id);
          expect(balances.transfer_hold ?? 0).toBe(0);
          for (const code of GAMES) {
            expect(balances[`game:${code}`] ?? 0).toBe(
              await providerBalance(h.db, code, `mw${member.id}`),
            );
          }
          await expectStatementMatchesWallet(member);
        }
        await expectLedgerInvariants(h.db);
      }),
      { numRuns: 16, endOnFailure: true },
    );
  }, 300_000);
});
