import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { sqlState } from '../../db/pg-errors';
import { numberFromInt8, rows, Statement, slot } from '../../db/statement';
import { randomToken, sha256Hex } from '../../lib/crypto';
import { DomainError } from '../../lib/domain-error';
import type { SandboxFaults } from '../sandbox-faults';
import {
  type CallDeadline,
  type GameCredentials,
  type GameMoney,
  type GameProvider,
  type GameRound,
  ProviderRefusal,
} from './game-provider';

const SESSION_MINUTES = 30;

/**
 * The two statements of every transfer out of a game, compiled once (db/statement.ts): the
 * transfer benchmark runs on this provider, which must not cost what a real one would not.
 */
const statements = {
  betHistory: new Statement(
    sql`select f.mode, r.id, r.bet, r.win, r.created_at
        from (select coalesce((select mode from sandbox_faults where target = ${slot('code')}),
                'ok') as mode) f
        left join sandbox_game_rounds r on r.provider_code = ${slot('code')}
          and r.username = ${slot('username')} and r.id > ${slot('afterId')}
        order by r.id`,
  ),
  move: new Statement(
    sql`select sandbox_game_move(${slot('code')}, ${slot('username')}, ${slot('ref')},
        ${slot('direction')}, ${slot('delta')}, ${slot('currency')}) as mode`,
  ),
};

function newPassword(): string {
  return randomBytes(6).toString('base64url');
}

/**
 * The sandbox game provider: one per code, with its own books (sandbox_game_* tables), never
 * the ledger's. It honours the sandbox faults on every call our server makes to it.
 */
export class SandboxGameProvider implements GameProvider {
  constructor(
    readonly code: string,
    private readonly db: Db,
    private readonly faults: SandboxFaults,
  ) {}

  createAccount(
    username: string,
    currency: string,
    deadline: CallDeadline,
  ): Promise<GameCredentials> {
    return this.faults.apply(this.code, deadline, async () => {
      await this.db.execute(
        sql`insert into sandbox_game_accounts (provider_code, username, password, currency)
            values (${this.code}, ${username}, ${newPassword()}, ${currency})
            on conflict do nothing`,
      );
      const [account] = await rows<{ currency: string }>(
        this.db,
        sql`select currency from sandbox_game_accounts
            where provider_code = ${this.code} and username = ${username}`,
      );
      if (account?.currency !== currency) {
        throw new ProviderRefusal(`${username} holds ${account?.currency}, not ${currency}`);
      }
      return this.readCredentials(username);
    });
  }

  credentials(username: string, deadline: CallDeadline): Promise<GameCredentials> {
    return this.faults.apply(this.code, deadline, () => this.readCredentials(username));
  }

  resetPassword(username: string, deadline: CallDeadline): Promise<GameCredentials> {
    return this.faults.apply(this.code, deadline, async () => {
      await this.db.execute(
        sql`update sandbox_game_accounts set password = ${newPassword()}
            where provider_code = ${this.code} and username = ${username}`,
      );
      return this.readCredentials(username);
    });
  }

  balance(username: string, deadline: CallDeadline): Promise<number> {
    return this.faults.apply(this.code, deadline, () => this.readBalance(username));
  }

  deposit(username: string, money: GameMoney, ref: string, deadline: CallDeadline): Promise<void> {
    return this.move(username, { ...money, delta: money.amount }, ref, 'deposit', deadline);
  }

  withdraw(username: string, money: GameMoney, ref: string, deadline: CallDeadline): Promise<void> {
    return this.move(username, { ...money, delta: -money.amount }, ref, 'withdraw', deadline);
  }

  status(ref: string, deadline: CallDeadline): Promise<'completed' | 'not_found'> {
    return this.faults.apply(this.code, deadline, async () => {
      const found = await rows<{ ref: string }>(
        this.db,
        sql`select ref from sandbox_game_transfers
            where provider_code = ${this.code} and ref = ${ref}`,
      );
      return found.length > 0 ? 'completed' : 'not_found';
    });
  }

  launchLink(username: string, deadline: CallDeadline): Promise<string> {
    return this.faults.apply(this.code, deadline, async () => {
      const token = randomToken();
      await this.db.execute(
        sql`insert into sandbox_game_sessions (token_hash, provider_code, username, expires_at)
            values (${sha256Hex(token)}, ${this.code}, ${username},
              now() + make_interval(mins => ${SESSION_MINUTES}))`,
      );
      return `/sandbox/games/${this.code}/play?session=${token}`;
    });
  }

  /** The fault and the rounds in one query: this runs before every transfer out of a game. */
  async betHistory(
    username: string,
    afterId: number,
    deadline: CallDeadline,
  ): Promise<GameRound[]> {
    const found = await statements.betHistory.rows<{
      mode: string;
      id: unknown;
      bet: unknown;
      win: unknown;
      created_at: Date | null;
    }>(this.db, { code: this.code, username, afterId });
    const mode = found[0]?.mode ?? 'ok';
    if (mode === 'fail') throw new ProviderRefusal(`${this.code} refused (sandbox fault)`);
    if (mode === 'timeout') return deadline.expired();
    if (mode === 'lost') throw new Error(`${this.code} answer lost (sandbox fault)`);
    return found
      .filter((r) => r.id !== null)
      .map((r) => ({
        id: numberFromInt8(r.id),
        bet: numberFromInt8(r.bet),
        win: numberFromInt8(r.win),
        playedAt: new Date(r.created_at ?? 0),
      }));
  }

  /** The game itself (not our server's call, so no faults): balance − bet + win. */
  async playRound(
    username: string,
    bet: number,
    win: number,
    playedAt = new Date(),
  ): Promise<number> {
    return this.db.transaction(async (tx) => {
      const [row] = await rows<{ balance: unknown }>(
        tx,
        sql`update sandbox_game_accounts set balance = balance - ${bet} + ${win}
            where provider_code = ${this.code} and username = ${username}
              and balance >= ${bet}
            returning balance`,
      );
      if (!row) {
        const exists = await rows<{ username: string }>(
          tx,
          sql`select username from sandbox_game_accounts
              where provider_code = ${this.code} and username = ${username}`,
        );
        throw new DomainError(exists.length > 0 ? 'MONEY_NOT_ENOUGH' : 'SLOT_NO_ACCOUNT');
      }
      await tx.execute(
        sql`insert into sandbox_game_rounds (provider_code, username, bet, win, created_at)
            values (${this.code}, ${username}, ${bet}, ${win}, ${playedAt.toISOString()})`,
      );
      return numberFromInt8(row.balance);
    });
  }

  /** The player behind a play-page session, or null when it is unknown or expired. */
  async sessionUser(token: string): Promise<string | null> {
    const [row] = await rows<{ username: string }>(
      this.db,
      sql`select username from sandbox_game_sessions
          where token_hash = ${sha256Hex(token)} and provider_code = ${this.code}
            and expires_at > now()`,
    );
    return row?.username ?? null;
  }

  async readBalance(username: string): Promise<number> {
    const [row] = await rows<{ balance: unknown }>(
      this.db,
      sql`select balance from sandbox_game_accounts
          where provider_code = ${this.code} and username = ${username}`,
    );
    if (!row) throw new ProviderRefusal('no such account');
    return numberFromInt8(row.balance);
  }

  private async readCredentials(username: string): Promise<GameCredentials> {
    const [row] = await rows<{ username: string; password: string }>(
      this.db,
      sql`select username, password from sandbox_game_accounts
          where provider_code = ${this.code} and username = ${username}`,
    );
    if (!row) throw new ProviderRefusal('no such account');
    return row;
  }

  /**
   * One reference moves money once: the transfer row is the provider's own idempotency key,
   * written in the same statement as the balance change (sandbox_game_move, which also reads
   * this provider's fault, so a transfer is one round trip).
   */
  private async move(
    username: string,
    { delta, currency }: { delta: number; currency: string },
    ref: string,
    direction: string,
    deadline: CallDeadline,
  ): Promise<void> {
    let mode: string | undefined;
    try {
      [{ mode } = { mode: undefined }] = await statements.move.rows<{ mode: string }>(this.db, {
        code: this.code,
        username,
        ref,
        direction,
        delta,
        currency,
      });
    } catch (error) {
      if (sqlState(error) === 'WM002')
        throw new ProviderRefusal('insufficient balance, no account, or another currency');
      throw error;
    }
    if (mode === 'fail') throw new ProviderRefusal(`${this.code} refused (sandbox fault)`);
    if (mode === 'timeout') return deadline.expired();
    if (mode === 'lost') throw new Error(`${this.code} answer lost (sandbox fault)`);
  }
}
