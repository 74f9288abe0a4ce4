import { randomUUID } from 'node:crypto';
import { type Placeholder, type SQL, sql } from 'drizzle-orm';

/**
 * The statements that claim a request's key and store its answer, and the lease they hold it
 * by: used on their own (idempotency.ts) and inside the postings' statements (core/ledger).
 */

/**
 * docs/decisions/0036-crash-safe-keys.md: a claim names the process that holds it and holds it
 * for LEASE_MS, renewed every RENEW_MS while the request runs. A claim whose lease has lapsed
 * belongs to a process that died, and a retry may answer for it.
 */
export const LEASE_MS = 8000;
export const RENEW_MS = 2500;

/** This process, as the holder of the keys it claims (a new one at every start). */
export const processHolder = randomUUID();

/**
 * A key as a statement names it. `request`: the request's body as JSON text, kept with the
 * claim so a retry after a crash knows what was asked; a slot in a compiled statement.
 */
export type KeyParams = {
  memberId: number | Placeholder;
  key: string | Placeholder;
  hash: string | Placeholder;
  request: string | Placeholder;
};

/**
 * The statement that claims a key: its `running` row held by this process, unless the key is
 * taken. Returns `member_id` and `transaction_id` when it claimed, nothing when not. `from`: a
 * relation the row is selected from (relaxStatementCommit, for a claim on its own); `transactionId`:
 * the ledger transaction the same statement opens, when it opens one (Ledger.open).
 */
export function claimingKey(
  { memberId, key, hash, request }: KeyParams,
  from?: SQL,
  transactionId: SQL = sql`null::bigint`,
): SQL {
  const source = from === undefined ? sql`` : sql`from ${from}`;
  return sql`insert into idempotency_keys
      (member_id, key, request_hash, state, holder, lease_until, request, transaction_id)
    select ${memberId}, ${key}, ${hash}, 'running', ${processHolder},
      now() + make_interval(secs => ${LEASE_MS / 1000}), ${request}::jsonb, ${transactionId} ${source}
    on conflict do nothing returning member_id, transaction_id`;
}

/**
 * The statement that stores the answer of a claimed key: `body` is a jsonb expression that may
 * read `from`, stored when `when` holds.
 */
export function answeringKey(
  { memberId, key }: Pick<KeyParams, 'memberId' | 'key'>,
  status: unknown,
  body: SQL,
  from: SQL,
  when: SQL = sql`true`,
): SQL {
  return sql`update idempotency_keys k set state = 'done', status_code = ${status}, body = ${body}
    from ${from}
    where ${when} and k.member_id = ${memberId} and k.key = ${key}`;
}
