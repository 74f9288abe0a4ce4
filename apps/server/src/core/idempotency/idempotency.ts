import { isErrorCode } from '@wallet/contract/errors';
import { IDEMPOTENCY_TTL_SECONDS, idempotencyRefusals } from '@wallet/contract/idempotency';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { deletedRows, relaxStatementCommit, rows } from '../../db/statement';
import { sha256Hex } from '../../lib/crypto';
import { DomainError, isDomainError } from '../../lib/domain-error';
import { answeringKey, claimingKey, LEASE_MS, processHolder, RENEW_MS } from './key-statements';

/** What a repeat is compared on: the call and its body, keys sorted so order does not matter. */
export function fingerprint(call: string, body: unknown): string {
  return sha256Hex(`${call}\n${stableJson(body)}`);
}

function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${stableJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

type StoredError = { code: string; message: string; field?: string };

/**
 * One request's key on its way through a money call (docs/decisions/0034-claim-and-answer-in-
 * the-postings.md). A call with a single posting hands it to that posting, which claims the key
 * in its own statement (Ledger.open), and to the settle that ends the call, which stores the
 * answer in its own statement (Ledger.settle): a transfer then spends two statements fewer.
 * `open`: not claimed yet; `claimed`: the row is `running`; `answered`: the row holds the answer.
 */
export class IdempotencyTicket {
  state: 'open' | 'claimed' | 'answered' = 'open';
  /** The process whose postings the key admits (ledger_open's fence): this one. */
  readonly holder = processHolder;

  constructor(
    readonly memberId: number,
    readonly key: string,
    readonly hash: string,
    /** The request's body as JSON text. */
    readonly request: string,
  ) {}

  /** What a posting throws when the key it was to claim is taken. */
  taken(): KeyTaken {
    return new KeyTaken(`idempotency key taken: ${this.key}`);
  }
}

/**
 * Thrown by a posting that was to claim the ticket's key and found it taken: by a repeat of the
 * request, or by another body under the same key. Nothing moved; the caller answers as a repeat.
 */
export class KeyTaken extends Error {
  override name = 'KeyTaken';
}

/**
 * What a retry of an orphaned key (its holder died: the lease lapsed) learns from the money's
 * own state, given the request's transactions: the answer the first request would have given.
 * `final`: every transaction is settled, so the answer is stored; otherwise it is answered and
 * asked again at the next retry (a transfer whose provider's outcome is still unknown).
 */
export type Recovery<T> = (orphan: { memberId: number; key: string; request: unknown }) => Promise<
  | { final: boolean; answer: T }
  | { final: true; refusal: DomainError }
  /** What is left of the request is safe to run again under the key (decision 0036). */
  | { rerun: true }
>;

type RunOptions<T> = { claimInPosting?: boolean; recover?: Recovery<T> };
type Work<T> = (ticket: IdempotencyTicket | undefined) => Promise<T>;

/**
 * The API contract, Idempotency-Key (docs/decisions/0030-ledger.md, 0034): the key is claimed
 * before any money moves, so of two requests racing with one key exactly one moves money. A
 * repeat with the same body answers the stored answer, a repeat while the first runs is 409,
 * another body is 422. Every answer the member was given is final and stored: successes and
 * refusals alike, TRANSFER_FAIL included (its funds are already back). Only a real fault may
 * free the key for a retry, and only when no money moved: once a ledger transaction was
 * written for the member after the claim, a retry must not apply it again, so the key stays
 * `running` (409) while the process holding it lives. Once its lease lapses (the process died),
 * a retry takes the key over and answers from the money the request moved, or runs the request
 * again when it moved none (docs/decisions/0036).
 *
 * By default the key is claimed by its own statement before the work starts. With
 * `{ claimInPosting: true }` the work promises to hand the ticket to its first posting, which
 * claims it in the same statement; a refusal given before that posting is stored by inserting
 * the finished row, so a repeat still answers it, and a conflict there means another request
 * holds the key.
 */
export class Idempotency {
  constructor(private readonly db: Db) {}

  async run<T>(
    memberId: number,
    key: string | undefined,
    { hash, request }: { hash: string; request: unknown },
    work: Work<T>,
    options: RunOptions<T> = {},
  ): Promise<T> {
    if (key === undefined) return work(undefined);
    const ticket = new IdempotencyTicket(memberId, key, hash, JSON.stringify(request ?? null));
    if (!options.claimInPosting && !(await this.claim(ticket))) {
      return this.replay(ticket, work, options);
    }
    return this.execute(ticket, work, options);
  }

  /** Runs the request under its key, claimed now or by its first posting, and stores its answer. */
  private async execute<T>(
    ticket: IdempotencyTicket,
    work: Work<T>,
    options: RunOptions<T>,
  ): Promise<T> {
    // While the request runs its claim is renewed, so a slow provider does not look like a
    // dead process (docs/decisions/0036).
    const renewing = setInterval(() => {
      if (ticket.state === 'claimed') void this.renew(ticket).catch(() => {});
    }, RENEW_MS);
    let result: T;
    try {
      result = await work(ticket);
    } catch (error) {
      if (error instanceof KeyTaken) return this.replay(ticket, work, options);
      if (isDomainError(error) && error.code !== 'INTERNAL_SERVER_ERROR') {
        const body: StoredError = { code: error.code, message: error.message };
        if (error.field !== undefined) body.field = error.field;
        if (!(await this.finish(ticket, error.status, body))) {
          return this.replay(ticket, work, options);
        }
      } else if (ticket.state === 'claimed') {
        await this.releaseIfNothingMoved(ticket).catch(() => {});
      }
      throw error;
    } finally {
      clearInterval(renewing);
    }
    if (!(await this.finish(ticket, 200, result))) return this.replay(ticket, work, options);
    return result;
  }

  private async renew(ticket: IdempotencyTicket): Promise<void> {
    await this.db.execute(
      sql`update idempotency_keys set lease_until = now() + make_interval(secs => ${LEASE_MS / 1000})
          where member_id = ${ticket.memberId} and key = ${ticket.key}
            and holder = ${ticket.holder} and state = 'running'`,
    );
  }

  /**
   * The claim on its own: a `running` row. Relaxed commit (docs/decisions/0032-durability-and-
   * commits.md): it becomes durable with the first durable money commit after it, which is all
   * it must guard.
   */
  private async claim(ticket: IdempotencyTicket): Promise<boolean> {
    const claimed = await rows<{ member_id: number }>(
      this.db,
      claimingKey(ticket, relaxStatementCommit),
    );
    if (claimed.length > 0) ticket.state = 'claimed';
    return ticket.state === 'claimed';
  }

  /**
   * Forgets keys older than the contract's window (IDEMPOTENCY_TTL_SECONDS, a day): after it a
   * key is new again. Also how a key left `running` by a crash stops answering 409.
   */
  async expire(ttlSeconds: number = IDEMPOTENCY_TTL_SECONDS): Promise<number> {
    return deletedRows(
      this.db,
      sql`delete from idempotency_keys
          where created_at < now() - make_interval(secs => ${ttlSeconds})`,
    );
  }

  /**
   * Frees the key of a request that failed on a real fault while it had moved no money, so a
   * retry runs it again. The key's row knows: every posting under the key records itself there,
   * in the statement that moves the money (decision 0036). A request that moved money keeps its
   * key `running`; once its lease lapses a retry answers from the money.
   */
  private async releaseIfNothingMoved(ticket: IdempotencyTicket): Promise<void> {
    await this.db.execute(
      sql`delete from idempotency_keys
          where member_id = ${ticket.memberId} and key = ${ticket.key}
            and holder = ${ticket.holder} and state = 'running' and transaction_id is null`,
    );
  }

  /**
   * Stores the answer, unless a posting already did. A key never claimed (a refusal before the
   * first posting) gets its finished row here; false when another request holds the key.
   */
  private async finish(ticket: IdempotencyTicket, status: number, body: unknown): Promise<boolean> {
    const { memberId, key, hash } = ticket;
    const json = JSON.stringify(body);
    if (ticket.state === 'answered') return true;
    if (ticket.state === 'claimed') {
      await this.db.execute(
        answeringKey(ticket, status, sql`${json}::jsonb`, relaxStatementCommit),
      );
      return true;
    }
    const stored = await rows<{ key: string }>(
      this.db,
      sql`insert into idempotency_keys (member_id, key, request_hash, state, status_code, body)
          select ${memberId}, ${key}, ${hash}, 'done', ${status}, ${json}::jsonb from ${relaxStatementCommit}
          on conflict do nothing returning key`,
    );
    return stored.length > 0;
  }

  private async replay<T>(
    ticket: IdempotencyTicket,
    work: Work<T>,
    options: RunOptions<T>,
  ): Promise<T> {
    const { memberId, key, hash } = ticket;
    const [row] = await rows<{
      request_hash: string;
      state: string;
      status_code: number | null;
      body: unknown;
      orphaned: boolean;
      moved: boolean;
    }>(
      this.db,
      sql`select request_hash, state, status_code, body, transaction_id is not null as moved,
            coalesce(lease_until < now(), true) as orphaned
          from idempotency_keys where member_id = ${memberId} and key = ${key}`,
    );
    // The first request failed and released the key between our insert and this read.
    if (!row)
      throw new DomainError('KEY_INVALID', {
        field: 'Idempotency-Key',
        status: idempotencyRefusals.inProgress.status,
      });
    if (row.request_hash !== hash) {
      throw new DomainError('KEY_INVALID', {
        field: 'Idempotency-Key',
        status: idempotencyRefusals.bodyMismatch.status,
      });
    }
    if (row.state !== 'done') {
      // Its holder died: the answer comes from the money the request moved, or, when it moved
      // none, from running it again (docs/decisions/0036).
      if (row.orphaned && options.recover && (await this.takeOver(ticket, row.moved))) {
        return row.moved
          ? this.recover(ticket, work, options)
          : this.execute(ticket, work, options);
      }
      throw new DomainError('KEY_INVALID', {
        field: 'Idempotency-Key',
        status: idempotencyRefusals.inProgress.status,
      });
    }
    return this.stored<T>(row.status_code, row.body);
  }

  /** A stored answer, as the first request gave it: its result, or its refusal thrown again. */
  private stored<T>(statusCode: number | null, raw: unknown): T {
    const body = typeof raw === 'string' ? JSON.parse(raw) : raw;
    if (statusCode !== null && statusCode >= 400) {
      const stored = body as StoredError;
      if (isErrorCode(stored.code)) {
        throw new DomainError(stored.code, {
          status: statusCode,
          ...(stored.field === undefined ? {} : { field: stored.field }),
        });
      }
    }
    return body as T;
  }

  /**
   * Takes an orphaned key over: this process becomes its holder, so a posting its dead-or-stalled
   * holder might still try is refused (ledger_open's fence), and of two retries only one goes
   * on. `moved` false: only while the request has still moved nothing, checked on the row as the
   * last posting left it (a posting sets transaction_id under the row's lock).
   */
  private async takeOver(ticket: IdempotencyTicket, moved: boolean): Promise<boolean> {
    const nothingMoved = moved ? sql`` : sql`and transaction_id is null`;
    const taken = await rows<{ key: string }>(
      this.db,
      sql`update idempotency_keys
          set holder = ${ticket.holder},
            lease_until = now() + make_interval(secs => ${LEASE_MS / 1000})
          where member_id = ${ticket.memberId} and key = ${ticket.key} and state = 'running'
            and coalesce(lease_until < now(), true) ${nothingMoved}
          returning key`,
    );
    if (taken.length > 0) ticket.state = 'claimed';
    return taken.length > 0;
  }

  /** Lets the key lapse again at once: the next retry asks the money again. */
  private async letLapse(ticket: IdempotencyTicket): Promise<void> {
    await this.db.execute(
      sql`update idempotency_keys set lease_until = now()
          where member_id = ${ticket.memberId} and key = ${ticket.key}
            and holder = ${ticket.holder} and state = 'running'`,
    );
  }

  /** Answers a taken-over key whose request moved money, from that money (decision 0036). */
  private async recover<T>(
    ticket: IdempotencyTicket,
    work: Work<T>,
    options: RunOptions<T>,
  ): Promise<T> {
    const { memberId, key } = ticket;
    const [row] = await rows<{ request: unknown }>(
      this.db,
      sql`select request from idempotency_keys where member_id = ${memberId} and key = ${key}`,
    );
    const raw = row?.request;
    const request = typeof raw === 'string' ? JSON.parse(raw) : raw;
    const recover = options.recover;
    if (!recover) throw new Error('no recovery for this call');
    let recovered: Awaited<ReturnType<Recovery<T>>>;
    try {
      recovered = await recover({ memberId, key, request });
    } catch (error) {
      await this.letLapse(ticket);
      throw error;
    }
    if ('rerun' in recovered) return this.execute(ticket, work, options);
    if ('refusal' in recovered) {
      const { refusal } = recovered;
      const body: StoredError = { code: refusal.code, message: refusal.message };
      if (refusal.field !== undefined) body.field = refusal.field;
      await this.finish(ticket, refusal.status, body);
      throw refusal;
    }
    if (recovered.final) await this.finish(ticket, 200, recovered.answer);
    else await this.letLapse(ticket);
    return recovered.answer;
  }
}
