import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterEach, expect, it } from 'vitest';
import { sqlState } from '../../db/pg-errors';
import { settings } from '../../db/schema';
import { rows } from '../../db/statement';
import { describeOnDatabases } from '../../test/databases';
import {
  expectLedgerInvariants,
  fundedMember,
  ledgerBalances,
  move,
  setFault,
  topUp,
} from '../../test/money';
import { useHarness } from '../../test/use-harness';
import { fingerprint } from './idempotency';

/**
 * docs/decisions/0036: a transfer whose process died after it moved money. The key's row is put
 * back the way a SIGKILL leaves it (still `running`, held by a process that is gone, its lease
 * lapsed), and a retry with the same key must get the request's real outcome from the money.
 */
describeOnDatabases('a retry after the process of its request died', (target) => {
  const h = useHarness(target);
  afterEach(async () => {
    for (const code of ['JOKER', 'PG']) await setFault(h.app, code, 'ok');
    await expectLedgerInvariants(h.db);
  });

  const player = () => fundedMember(h.app, h.db, 100, ['JOKER', 'PG']);

  /** The key's row as a process killed mid-request leaves it. */
  async function orphan(memberId: number, key: string): Promise<void> {
    await h.db.execute(
      sql`update idempotency_keys set state = 'running', status_code = null, body = null,
            holder = 'a-process-that-died', lease_until = now() - interval '1 second'
          where member_id = ${memberId} and key = ${key}`,
    );
  }

  const keyRow = async (memberId: number, key: string) =>
    (
      await rows<{ state: string; holder: string | null }>(
        h.db,
        sql`select state, holder from idempotency_keys where member_id = ${memberId} and key = ${key}`,
      )
    )[0];

  it('answers the settled outcome of a transfer that moved, and stores it', async () => {
    const p = await player();
    const key = randomUUID();
    const body = { from: 'WALLET', to: 'JOKER', amount: 30 };
    const first = await move(h.app, p.token, 'transfer', body, key);
    await orphan(p.id, key);
    const balances = await ledgerBalances(h.db, p.id);

    const retry = await move(h.app, p.token, 'transfer', body, key);
    expect(retry.status).toBe(200);
    expect(retry.body).toEqual(first.body);
    expect(await keyRow(p.id, key)).toMatchObject({ state: 'done' });
    expect(await ledgerBalances(h.db, p.id)).toEqual(balances);
  });

  it('answers processing while the provider has not told, then the settled outcome', async () => {
    const p = await player();
    const key = randomUUID();
    const body = { from: 'WALLET', to: 'JOKER', amount: 20 };
    await setFault(h.app, 'JOKER', 'lost');
    await move(h.app, p.token, 'transfer', body, key);
    await orphan(p.id, key);

    const unknown = await move(h.app, p.token, 'transfer', body, key);
    expect(unknown.status).toBe(200);
    expect(unknown.body).toMatchObject({ success: true, status: 'processing', amount: 20 });
    expect(await keyRow(p.id, key)).toMatchObject({ state: 'running' });

    await setFault(h.app, 'JOKER', 'ok');
    await h.app.money.transfers.reconcile(0);
    const settled = await move(h.app, p.token, 'transfer', body, key);
    expect(settled.body).toEqual({
      success: true,
      status: 'success',
      amount: 20,
      wallet: { amount: 80, cash: 80, bonus: 0 },
    });
    expect(await keyRow(p.id, key)).toMatchObject({ state: 'done' });
    expect(await ledgerBalances(h.db, p.id)).toMatchObject({
      cash: 8000,
      'game:JOKER': 2000,
      transfer_hold: 0,
    });
  });

  it('answers TRANSFER_FAIL for a transfer the provider refused', async () => {
    const p = await player();
    const key = randomUUID();
    const body = { from: 'WALLET', to: 'JOKER', amount: 10 };
    await setFault(h.app, 'JOKER', 'fail');
    expect((await move(h.app, p.token, 'transfer', body, key)).body).toMatchObject({
      code: 'TRANSFER_FAIL',
    });
    await setFault(h.app, 'JOKER', 'ok');
    await orphan(p.id, key);

    const retry = await move(h.app, p.token, 'transfer', body, key);
    expect(retry.status).toBe(502);
    expect(retry.body).toMatchObject({ code: 'TRANSFER_FAIL' });
    expect(await ledgerBalances(h.db, p.id)).toMatchObject({ cash: 10000, transfer_hold: 0 });
  });

  it('answers TRANSFER_FAIL for a game-to-game transfer that stopped after its first leg', async () => {
    const p = await player();
    await move(h.app, p.token, 'transfer', { from: 'WALLET', to: 'JOKER', amount: 50 });
    const key = randomUUID();
    const body = { from: 'JOKER', to: 'PG', amount: 15 };
    // What the first leg of JOKER → PG does is a JOKER → WALLET transfer under the request's key;
    // the key's row then says what was asked, as the claim wrote it, and the second leg never
    // came (the process died between the legs).
    await move(h.app, p.token, 'transfer', { from: 'JOKER', to: 'WALLET', amount: 15 }, key);
    await h.db.execute(
      sql`update idempotency_keys set request = ${JSON.stringify(body)}::jsonb,
            request_hash = ${fingerprint('transfer', body)}
          where member_id = ${p.id} and key = ${key}`,
    );
    await orphan(p.id, key);

    const retry = await move(h.app, p.token, 'transfer', body, key);
    expect(retry.body).toMatchObject({ code: 'TRANSFER_FAIL' });
    expect(await ledgerBalances(h.db, p.id)).toMatchObject({
      cash: 6500,
      'game:JOKER': 3500,
      transfer_hold: 0,
    });
  });

  it('still answers 409 while the holder of the key is alive', async () => {
    const p = await player();
    const key = randomUUID();
    const body = { from: 'WALLET', to: 'JOKER', amount: 5 };
    await move(h.app, p.token, 'transfer', body, key);
    await h.db.execute(
      sql`update idempotency_keys set state = 'running', holder = 'a-live-process',
            lease_until = now() + interval '1 minute'
          where member_id = ${p.id} and key = ${key}`,
    );
    const retry = await move(h.app, p.token, 'transfer', body, key);
    expect(retry.status).toBe(409);
    expect(retry.body).toMatchObject({ code: 'KEY_INVALID' });
  });

  it('gives two racing retries one answer, and moves nothing more', async () => {
    const p = await player();
    const key = randomUUID();
    const body = { from: 'WALLET', to: 'JOKER', amount: 25 };
    const first = await move(h.app, p.token, 'transfer', body, key);
    await orphan(p.id, key);
    const balances = await ledgerBalances(h.db, p.id);
    const other = await h.build();
    const answers = await Promise.all([
      move(h.app, p.token, 'transfer', body, key),
      move(other, p.token, 'transfer', body, key),
    ]);
    // One recovers; the other sees the key taken (409) or, once stored, the same answer.
    for (const answer of answers) {
      if (answer.status === 200) expect(answer.body).toEqual(first.body);
      else expect(answer.status).toBe(409);
    }
    expect(answers.some((a) => a.status === 200)).toBe(true);
    expect(await ledgerBalances(h.db, p.id)).toEqual(balances);
    expect((await move(h.app, p.token, 'transfer', body, key)).body).toEqual(first.body);
  });

  it('refuses a posting of the process that lost the key, and moves nothing', async () => {
    const p = await player();
    const key = randomUUID();
    const body = { from: 'WALLET', to: 'JOKER', amount: 10 };
    await move(h.app, p.token, 'transfer', body, key);
    await orphan(p.id, key);
    await move(h.app, p.token, 'transfer', body, key); // a retry takes the key over
    await h.db.execute(
      sql`update idempotency_keys set state = 'running' where member_id = ${p.id} and key = ${key}`,
    );
    const balances = await ledgerBalances(h.db, p.id);
    const [cash] = await rows<{ id: number }>(
      h.db,
      sql`select id from ledger_accounts where member_id = ${p.id} and kind = 'cash'`,
    );
    const [hold] = await rows<{ id: number }>(
      h.db,
      sql`select id from ledger_accounts where member_id = ${p.id} and kind = 'transfer_hold'`,
    );
    const refused = await h.db
      .execute(
        sql`select * from ledger_open(${p.id}, 'transfer', 'processing', 'WALLET', 'JOKER', 100,
              'BAHT', 'JOKER', null, null, ${`{${cash?.id},${hold?.id}}`}::integer[],
              '{-100,100}'::bigint[], false, ${key}, 'a-process-that-died', null)`,
      )
      .then(
        () => 'posted',
        (error: unknown) => sqlState(error),
      );
    expect(refused).toBe('WM002');
    expect(await ledgerBalances(h.db, p.id)).toEqual(balances);
  });

  /** A claim a process wrote just before it died, before its request moved anything. */
  async function claimedThenDied(memberId: number, key: string, call: string, body: object) {
    await h.db.execute(
      sql`insert into idempotency_keys
            (member_id, key, request_hash, state, holder, lease_until, request)
          values (${memberId}, ${key}, ${fingerprint(call, body)}, 'running',
            'a-process-that-died', now() - interval '1 second', ${JSON.stringify(body)}::jsonb)`,
    );
  }

  it('runs a withdrawal again, once, when its process died before it moved anything', async () => {
    const p = await player();
    await topUp(h.app, p.token, 400); // 500 baht
    const key = randomUUID();
    const body = { amount: 150 };
    await claimedThenDied(p.id, key, 'withdraw', body);
    const other = await h.build();
    const answers = await Promise.all([
      move(h.app, p.token, 'withdraw', body, key),
      move(other, p.token, 'withdraw', body, key),
    ]);
    expect(answers.some((a) => a.status === 200)).toBe(true);
    for (const answer of answers) {
      if (answer.status === 200) {
        expect(answer.body).toMatchObject({ success: true, status: 'processing', amount: 150 });
      } else expect(answer.status).toBe(409);
    }
    expect(await ledgerBalances(h.db, p.id)).toMatchObject({
      cash: 35000,
      pending_withdrawal: 15000,
    });
    const again = await move(h.app, p.token, 'withdraw', body, key);
    expect(again.body).toMatchObject({ status: 'processing', amount: 150 });
    expect(await ledgerBalances(h.db, p.id)).toMatchObject({ cash: 35000 });
  });

  it('answers a withdrawal, a top-up and a transferAll that moved from their transactions', async () => {
    const p = await player();
    await topUp(h.app, p.token, 400);
    await move(h.app, p.token, 'transfer', { from: 'WALLET', to: 'JOKER', amount: 30 });
    await move(h.app, p.token, 'transfer', { from: 'WALLET', to: 'PG', amount: 20 });
    const calls: [string, object][] = [
      ['withdraw', { amount: 120 }],
      ['add', { amount: 7 }],
      ['transferAll', { to: 'WALLET' }],
    ];
    for (const [path, body] of calls) {
      const key = randomUUID();
      const first = await move(h.app, p.token, path, body, key);
      expect(first.status, JSON.stringify(first.body)).toBe(200);
      await orphan(p.id, key);
      const balances = await ledgerBalances(h.db, p.id);
      const retry = await move(h.app, p.token, path, body, key);
      expect({ path, body: retry.body }).toEqual({ path, body: first.body });
      expect(await ledgerBalances(h.db, p.id)).toEqual(balances);
    }
  });

  it('finishes a withdrawAll that brought the games home but died before its withdrawal', async () => {
    const p = await player();
    await topUp(h.app, p.token, 400);
    await move(h.app, p.token, 'transfer', { from: 'WALLET', to: 'JOKER', amount: 60 });
    const key = randomUUID();
    const body = { amount: 200 };
    // The games' money came home under the request's key; the withdrawal never came.
    await move(h.app, p.token, 'transferAll', { to: 'WALLET' }, key);
    await h.db.execute(
      sql`update idempotency_keys set request = ${JSON.stringify(body)}::jsonb,
            request_hash = ${fingerprint('withdrawAll', body)}
          where member_id = ${p.id} and key = ${key}`,
    );
    await orphan(p.id, key);
    const retry = await move(h.app, p.token, 'withdrawAll', body, key);
    expect(retry.body).toMatchObject({ success: true, status: 'processing', amount: 200 });
    expect(await ledgerBalances(h.db, p.id)).toMatchObject({
      cash: 30000,
      'game:JOKER': 0,
      pending_withdrawal: 20000,
    });
    const again = await move(h.app, p.token, 'withdrawAll', body, key);
    expect(again.body).toEqual(retry.body);
    expect(await ledgerBalances(h.db, p.id)).toMatchObject({ pending_withdrawal: 20000 });
  });

  it('renews the lease of a request that runs longer than the lease', async () => {
    // A provider that never answers, asked with a time-out longer than the lease (8 s).
    const slow = await h.build({ GAME_PROVIDER_TIMEOUT_MS: '9500', RECONCILE_GRACE_MS: '19000' });
    const p = await player();
    const key = randomUUID();
    await setFault(h.app, 'JOKER', 'timeout');
    const running = move(
      slow,
      p.token,
      'transfer',
      { from: 'WALLET', to: 'JOKER', amount: 5 },
      key,
    );
    await new Promise((r) => setTimeout(r, 8800));
    const [row] = await rows<{ alive: boolean }>(
      h.db,
      sql`select lease_until > now() as alive from idempotency_keys
          where member_id = ${p.id} and key = ${key}`,
    );
    expect(row?.alive).toBe(true);
    // Meanwhile a retry is told the first request still runs.
    const retry = await move(
      h.app,
      p.token,
      'transfer',
      { from: 'WALLET', to: 'JOKER', amount: 5 },
      key,
    );
    expect(retry.status).toBe(409);
    expect((await running).body).toMatchObject({ status: 'processing' });
    await setFault(h.app, 'JOKER', 'ok');
    await h.app.money.transfers.reconcile(0);
  }, 30_000);

  it('frees the key of a request that failed on a real fault before it moved money', async () => {
    const p = await player();
    const key = randomUUID();
    const body = { amount: 100 };
    // A process of its own: the amount rules are kept per process for a second once read.
    const fresh = await h.build();
    const [limits] = await h.db.select().from(settings).where(eq(settings.key, 'withdrawLimits'));
    await h.db.delete(settings).where(eq(settings.key, 'withdrawLimits'));
    try {
      const fault = await move(fresh, p.token, 'withdraw', body, key);
      expect(fault.status).toBe(500);
      expect(await keyRow(p.id, key)).toBeUndefined();
    } finally {
      if (limits) await h.db.insert(settings).values(limits);
    }
    const retry = await move(h.app, p.token, 'withdraw', body, key);
    expect(retry.body).toMatchObject({ success: true, status: 'processing', amount: 100 });
    expect(await ledgerBalances(h.db, p.id)).toMatchObject({ cash: 0, pending_withdrawal: 10000 });
  });

  it('records which process holds each claim, for a lease of a few seconds', async () => {
    const p = await player();
    const key = randomUUID();
    await move(h.app, p.token, 'transfer', { from: 'WALLET', to: 'JOKER', amount: 5 }, key);
    const [row] = await rows<{ lapsed: boolean; holder: string }>(
      h.db,
      sql`select lease_until < now() + interval '9 seconds' as lapsed, holder
          from idempotency_keys where member_id = ${p.id} and key = ${key}`,
    );
    // Claimed by this process for a lease of at most 8 s from its claim.
    expect(row?.lapsed).toBe(true);
    expect(row?.holder).toMatch(/^[0-9a-f-]{36}$/);
  });
});
