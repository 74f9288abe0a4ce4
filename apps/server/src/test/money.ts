import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { Db } from '../db/client';
import { numberFromInt8, rows } from '../db/statement';
import { call } from './harness';
import { memberWithToken } from './members';

/** A money call with a fresh Idempotency-Key, as the web app sends one per user action. */
export function move(
  app: FastifyInstance,
  token: string,
  path: string,
  body: unknown,
  key: string = randomUUID(),
) {
  return call(app, 'POST', `/api/wallet/${path}`, {
    token,
    body,
    headers: { 'idempotency-key': key },
  });
}

export async function topUp(app: FastifyInstance, token: string, amount: number) {
  const res = await move(app, token, 'add', { amount });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res;
}

export async function activate(app: FastifyInstance, token: string, code: string) {
  const res = await call(app, 'GET', `/api/wallet/activate/${code}`, { token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res;
}

/** Moves `amount` baht of the wallet to the game `code`, activated first: money to play with. */
export async function fundGame(app: FastifyInstance, token: string, code: string, amount: number) {
  await activate(app, token, code);
  const res = await move(app, token, 'transfer', { from: 'WALLET', to: code, amount });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

/**
 * One round at the sandbox provider `code` (dated `playedAt` when given), then the wallet refresh
 * that syncs it: the bet history bonuses, refunds and invites count.
 */
export async function playRound(
  app: FastifyInstance,
  token: string,
  round: { code?: string; bet: number; win: number; playedAt?: string },
) {
  const { code = 'PG', ...body } = round;
  const res = await call(app, 'POST', `/api/sandbox/games/${code}/round`, { token, body });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  await call(app, 'GET', '/api/wallet/refresh/slot', { token });
}

export async function setFault(app: FastifyInstance, target: string, mode: string) {
  const res = await call(app, 'POST', '/api/sandbox/faults', { body: { target, mode } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

/** The member's balances in baht as the wallet answers them. */
export async function walletOf(app: FastifyInstance, token: string) {
  const res = await call(app, 'GET', '/api/wallet', { token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const wallet = res.body.wallet as { amount: number; cash: number; bonus: number };
  const slots = res.body.slots as { code: string; amount: number; isActive: boolean }[];
  const game = (code: string) => slots.find((s) => s.code === code)?.amount ?? 0;
  return { cash: wallet.cash, slots, game };
}

/** Balances in minor units straight from the ledger, by member id and account. */
export async function ledgerBalances(db: Db, memberId: number) {
  const found = await rows<{ kind: string; provider_code: string; balance: unknown }>(
    db,
    sql`select kind, provider_code, balance from ledger_accounts where member_id = ${memberId}`,
  );
  const map: Record<string, number> = {};
  for (const r of found) {
    const name = r.provider_code ? `${r.kind}:${r.provider_code}` : r.kind;
    map[name] = numberFromInt8(r.balance);
  }
  return map;
}

export async function memberIdOf(db: Db, username: string): Promise<number> {
  const [row] = await rows<{ id: number }>(
    db,
    sql`select id from members where username = ${username}`,
  );
  if (!row) throw new Error(`no member ${username}`);
  return row.id;
}

/** A new member with `amount` baht in the wallet and an account at each of `codes`, and their id. */
export async function fundedMember(
  app: FastifyInstance,
  db: Db,
  amount: number,
  codes: readonly string[],
) {
  const m = await memberWithToken(app);
  await topUp(app, m.token, amount);
  for (const code of codes) await activate(app, m.token, code);
  return { ...m, id: await memberIdOf(db, m.username) };
}

export async function providerBalance(db: Db, code: string, username: string): Promise<number> {
  const [row] = await rows<{ balance: unknown }>(
    db,
    sql`select balance from sandbox_game_accounts
        where provider_code = ${code} and username = ${username}`,
  );
  return row ? numberFromInt8(row.balance) : 0;
}

/**
 * The invariants of docs/decisions/0030-ledger.md: all balances sum to zero, every
 * transaction's entries sum to zero, every balance equals the sum of its entries, no member
 * account is negative, and each member's cash equals the effect of their statement on cash.
 */
export async function expectLedgerInvariants(db: Db): Promise<void> {
  const [total] = await rows<{ sum: unknown }>(
    db,
    sql`select coalesce(sum(balance), 0) as sum from ledger_accounts`,
  );
  expect(numberFromInt8(total?.sum), 'all balances sum to zero').toBe(0);

  const unbalanced = await rows<{ transaction_id: unknown }>(
    db,
    sql`select transaction_id from ledger_entries group by transaction_id having sum(amount) <> 0`,
  );
  expect(unbalanced, 'every transaction balances').toEqual([]);

  const drift = await rows<{ id: number }>(
    db,
    sql`select a.id from ledger_accounts a
        left join ledger_entries e on e.account_id = a.id
        group by a.id, a.balance having a.balance <> coalesce(sum(e.amount), 0)`,
  );
  expect(drift, 'every balance is the sum of its entries').toEqual([]);

  const negative = await rows<{ id: number }>(
    db,
    sql`select id from ledger_accounts where member_id is not null and balance < 0`,
  );
  expect(negative, 'no member account is negative').toEqual([]);

  // Cash = deposits + bonuses and prizes paid into cash (a coupon, a finished bonus) + staff's
  // adjustments + transfers in that succeeded − transfers out not
  // failed − withdrawals not failed: the statement's rows read as a member would read them.
  const mismatched = await rows<{ member_id: number; cash: unknown; statement: unknown }>(
    db,
    sql`with effects as (
          select member_id, sum(case
            when type = 'deposit' and status = 'success' then amount
            when type in ('bonus', 'finish_bonus', 'adjustment') and status = 'success' then (
              select coalesce(sum(e.amount), 0) from ledger_entries e
              join ledger_accounts a on a.id = e.account_id and a.kind = 'cash'
              where e.transaction_id = ledger_transactions.id)
            when type = 'transfer' and to_account = 'WALLET' and status = 'success' then amount
            when type = 'transfer' and from_account = 'WALLET' and status <> 'failed' then -amount
            when type = 'withdraw' and status <> 'failed' then -amount
            else 0 end) as statement
          from ledger_transactions where member_id is not null group by member_id
        )
        select e.member_id, coalesce(a.balance, 0) as cash, e.statement from effects e
        left join ledger_accounts a on a.member_id = e.member_id and a.kind = 'cash'
        where coalesce(a.balance, 0) <> e.statement`,
  );
  expect(mismatched, "each member's cash is the sum of their statement").toEqual([]);
}
