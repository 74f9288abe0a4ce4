import type { GameCategory } from '@wallet/contract/constants';
import type {
  AutoLoginParams,
  AutoLoginResponse,
  GameAccountResponse,
  Slot,
} from '@wallet/contract/games';
import { fromMinor } from '@wallet/contract/money';
import { LRUCache } from 'lru-cache';
import type { Ledger } from '../../core/ledger/ledger';
import type { Db } from '../../db/client';
import { type CounterStore, spendOne } from '../../lib/counter-store';
import { sameDigest, sha256Hex } from '../../lib/crypto';
import { DomainError } from '../../lib/domain-error';
import { ExpiringValue } from '../../lib/expiring-value';
import type { Log } from '../../lib/log';
import type { SecretKeyRing } from '../../lib/secret-keys';
import type { GameProviders } from '../../providers/games/game-providers';
import type { AuthContext } from '../auth/auth.service';
import { openPassword, sealPassword } from './game-passwords';
import {
  findActiveGameAccount,
  findGameAccount,
  findMemberIdByUsername,
  findMemberMoneyInfo,
  findProvider,
  type GameAccountRow,
  insertGameAccount,
  listActiveProviders,
  listGameAccounts,
  type MemberMoneyInfo,
  type ProviderRow,
  updateGameAccountPassword,
} from './games.repository';
import { postRounds } from './round-posting';

export type { MemberMoneyInfo };

export type GamesServiceDeps = {
  db: Db;
  ledger: Ledger;
  providers: GameProviders;
  /** Seals the game passwords kept here (docs/decisions/0058). */
  secrets: SecretKeyRing;
  /** Counts each member's calls that reach a provider (Redis-backed with REDIS_URL). */
  counters: CounterStore;
  /** GAME_CALLS_PER_MINUTE: refreshes, activations, password resets and auto-logins. */
  providerCallsPerMinute: number;
  log: Pick<Log, 'warn'>;
};

/** What moving money needs of a game account (never its password). */
export type MoneyAccount = Pick<
  GameAccountRow,
  'id' | 'memberId' | 'providerCode' | 'username' | 'lastRoundId'
>;

/** The name a member's account gets at every provider: stable, so activation is retry-safe. */
export function gameUsername(memberId: number): string {
  return `mw${memberId}`;
}

/**
 * Game accounts ("slots"): activation, credentials and auto-login at the providers, and the
 * syncing of the rounds played there into the ledger (docs/decisions/0031-game-providers.md).
 */
export class GamesService {
  /**
   * What the money path needs of a member never changes once registered (the currency, and
   * the payout account: docs/decisions/0010-bank-account-changes.md), so it is read once per
   * process. Whether the member is active is the token check's business (within
   * SESSION_CACHE_MS, docs/decisions/0033-hot-path-round-trips.md). Bounded at the members
   * busy on one process; one forgotten is read again.
   */
  private readonly members = new LRUCache<number, MemberMoneyInfo>({ max: 50_000 });

  /**
   * The money path's view of game accounts (docs/decisions/0033-hot-path-round-trips.md): an
   * account's id and username never change once activated and accounts are never removed, so
   * they are kept per process; its round mark is kept as last seen here, and the conditional
   * update that moves the mark tells when another process moved it first. Bounded at a few
   * games for each busy member; one forgotten is read again.
   */
  private readonly moneyAccounts = new LRUCache<string, MoneyAccount>({ max: 200_000 });

  /**
   * The active providers and whether each is in maintenance, read at most once a second (the
   * operator's switches, issue 33): the money path's view, the same on every process within a
   * second of a change.
   */
  private readonly activeProviders: ExpiringValue<Map<string, { maintenance: boolean }>>;

  constructor(private readonly deps: GamesServiceDeps) {
    this.activeProviders = new ExpiringValue(
      async () =>
        new Map(
          (await listActiveProviders(deps.db)).map((p) => [p.code, { maintenance: p.maintenance }]),
        ),
      1000,
    );
  }

  async member(memberId: number): Promise<MemberMoneyInfo> {
    const cached = this.members.get(memberId);
    if (cached) return cached;
    const member = await findMemberMoneyInfo(this.deps.db, memberId);
    if (!member) throw new DomainError('INVALID_USER_3');
    this.members.set(memberId, member);
    return member;
  }

  /** The member's money details as stored now (not cached), or null for no such member. */
  readMember(memberId: number): Promise<MemberMoneyInfo | null> {
    return findMemberMoneyInfo(this.deps.db, memberId);
  }

  /** The id of the member named `username`, or null. */
  memberIdByUsername(username: string): Promise<number | null> {
    return findMemberIdByUsername(this.deps.db, username);
  }

  /** Every game account of the member, active provider or not. */
  gameAccounts(memberId: number) {
    return listGameAccounts(this.deps.db, memberId);
  }

  /** An active provider, else NO_GAME. */
  async provider(code: string): Promise<ProviderRow> {
    const provider = await findProvider(this.deps.db, code);
    if (!provider?.active) throw new DomainError('NO_GAME');
    return provider;
  }

  /**
   * An active provider that is not in maintenance, else NO_GAME or GAME_MAINTENANCE: checked
   * before any call of a member's reaches the provider (issue 33), read as it is stored now.
   */
  private async openProvider(code: string): Promise<ProviderRow> {
    const provider = await this.provider(code);
    if (provider.maintenance) throw new DomainError('GAME_MAINTENANCE');
    return provider;
  }

  /** The providers in maintenance now (within a second): money waits there until it ends. */
  async inMaintenance(): Promise<Set<string>> {
    const providers = await this.activeProviders.get();
    return new Set([...providers].filter(([, p]) => p.maintenance).map(([code]) => code));
  }

  /** The member's account at an active provider, else NO_GAME or SLOT_NO_ACCOUNT. */
  async account(memberId: number, code: string): Promise<GameAccountRow> {
    const account = await findActiveGameAccount(this.deps.db, memberId, code);
    if (account) return account;
    await this.provider(code); // NO_GAME first, as the caller named no provider we serve
    throw new DomainError('SLOT_NO_ACCOUNT');
  }

  /**
   * The member's account at an active provider for moving money, else NO_GAME or
   * SLOT_NO_ACCOUNT: the same answers as `account`, without a read once the account is known.
   * A provider in maintenance is GAME_MAINTENANCE, either way: the money stays where it is.
   */
  async moneyAccount(memberId: number, code: string): Promise<MoneyAccount> {
    const provider = (await this.activeProviders.get()).get(code);
    if (!provider) throw new DomainError('NO_GAME');
    if (provider.maintenance) throw new DomainError('GAME_MAINTENANCE');
    const key = `${memberId}:${code}`;
    const known = this.moneyAccounts.get(key);
    if (known) return known;
    const row = await findGameAccount(this.deps.db, memberId, code);
    if (!row) throw new DomainError('SLOT_NO_ACCOUNT');
    return this.rememberAccount(row);
  }

  /** `lastRoundId`: where the round mark now stands, when this process just moved it. */
  private rememberAccount(row: MoneyAccount, lastRoundId = row.lastRoundId): MoneyAccount {
    const account: MoneyAccount = {
      id: row.id,
      memberId: row.memberId,
      providerCode: row.providerCode,
      username: row.username,
      lastRoundId,
    };
    this.moneyAccounts.set(`${row.memberId}:${row.providerCode}`, account);
    return account;
  }

  /**
   * Counts a member's call that reaches the providers, before anything else is read, and
   * refuses it past GAME_CALLS_PER_MINUTE (REQUEST_LIMIT_1MIN): a provider bans the operator's
   * whole integration for a flood of calls, so one member (or one stolen token) must not be able
   * to send one. Refused calls count too, so guessing auto-login passwords costs attempts.
   */
  private async countProviderCall(memberId: number): Promise<void> {
    const { counters, providerCallsPerMinute } = this.deps;
    await spendOne(
      counters,
      `game-calls:${memberId}`,
      60_000,
      providerCallsPerMinute,
      'REQUEST_LIMIT_1MIN',
    );
  }

  /** Every active provider as a slot: the ledger's last known balance of the member there. */
  async slots(memberId: number): Promise<Slot[]> {
    const { db, ledger } = this.deps;
    const [providers, accounts, balances] = await Promise.all([
      listActiveProviders(db),
      listGameAccounts(db, memberId),
      ledger.memberBalances(db, memberId),
    ]);
    return providers.map((provider) => toSlot(provider, accounts, balances));
  }

  /** GET /api/wallet/activate/{game}. */
  async activate(auth: AuthContext, code: string): Promise<{ success: true; slot: Slot }> {
    await this.countProviderCall(auth.memberId);
    const provider = await this.openProvider(code);
    const { db } = this.deps;
    if (await findGameAccount(db, auth.memberId, code)) {
      throw new DomainError('SLOT_ALREADY_ACTIVE');
    }
    const username = gameUsername(auth.memberId);
    // The provider is told the currency the account holds (issue 30).
    const { currency } = await this.member(auth.memberId);
    const created = await this.deps.providers.call(code, (p, deadline) =>
      p.createAccount(username, currency, deadline),
    );
    if (created.kind !== 'ok') {
      this.deps.log.warn({ provider: code, outcome: created.kind }, 'game account not created');
      throw new DomainError('SLOT_ACTIVATE_FAIL');
    }
    const { username: name, password } = created.value;
    const inserted = await insertGameAccount(db, {
      memberId: auth.memberId,
      providerCode: code,
      username: name,
      ...sealPassword(this.deps.secrets, { providerCode: code, username: name }, password),
    });
    // Two activations raced: the provider made one account and one request recorded it.
    if (!inserted) throw new DomainError('SLOT_ALREADY_ACTIVE');
    const slots = await this.slots(auth.memberId);
    const slot = slots.find((s) => s.code === provider.code);
    if (!slot) throw new Error('activated slot missing from the list');
    return { success: true, slot };
  }

  /** GET /api/wallet/account/{game}: only the caller's own account, whatever the path says. */
  async credentials(auth: AuthContext, code: string): Promise<GameAccountResponse> {
    const provider = await this.provider(code);
    const account = await this.account(auth.memberId, code);
    return {
      username: account.username,
      password: openPassword(this.deps.secrets, account),
      game: {
        name: provider.name,
        code: account.providerCode as Slot['code'],
        isActive: provider.active,
        background: provider.background,
        logo: provider.logo,
        web: provider.web,
        android: provider.android,
        ios: provider.ios,
      },
    };
  }

  /** GET /api/wallet/resetpassword/{game}. */
  async resetPassword(auth: AuthContext, code: string): Promise<{ success: true }> {
    await this.countProviderCall(auth.memberId);
    await this.openProvider(code);
    const account = await this.account(auth.memberId, code);
    const reset = await this.deps.providers.call(code, (p, deadline) =>
      p.resetPassword(account.username, deadline),
    );
    if (reset.kind !== 'ok') throw new DomainError('SLOT_RESET_PASSWORD_FAIL');
    await updateGameAccountPassword(
      this.deps.db,
      account.id,
      sealPassword(this.deps.secrets, account, reset.value.password),
    );
    return { success: true };
  }

  /**
   * GET /api/autoLogin/{provider}/{username}[/{password}]: the credentials in the path must be
   * the caller's own account at that provider; anyone else's is SLOT_NO_ACCOUNT, the same
   * answer as a name that does not exist, so the call reveals nothing about other members.
   */
  async autoLogin(auth: AuthContext, params: AutoLoginParams): Promise<AutoLoginResponse> {
    await this.countProviderCall(auth.memberId);
    const code = params.provider.toUpperCase();
    await this.openProvider(code);
    const account = await this.account(auth.memberId, code);
    const sameUser = sameDigest(sha256Hex(account.username), sha256Hex(params.username));
    const samePassword =
      params.password === undefined ||
      sameDigest(sha256Hex(openPassword(this.deps.secrets, account)), sha256Hex(params.password));
    if (!sameUser || !samePassword) throw new DomainError('SLOT_NO_ACCOUNT');
    const link = await this.deps.providers.call(code, (p, deadline) =>
      p.launchLink(account.username, deadline),
    );
    if (link.kind !== 'ok') throw new DomainError('SLOT_ACTIVATE_FAIL');
    return { link: link.value };
  }

  /**
   * Brings the rounds played at the provider into the ledger as one game_result movement
   * between the member's game account and the operator's game_results account. The round
   * mark moves in the same transaction, conditionally, so each round is posted once however
   * many syncs race. A loss that the ledger cannot yet carry (a deposit to the game still
   * pending) is left for a later sync: it is never guessed. Answers whether it is up to date.
   */
  async sync(member: MemberMoneyInfo, account: MoneyAccount): Promise<boolean> {
    const outcome = await this.syncFrom(member, account);
    if (outcome !== 'mark-moved') return outcome;
    // The mark had moved since this process last saw it: sync again from where it stands. A
    // second miss is a sync running alongside, which posts these rounds itself.
    const fresh = await findGameAccount(this.deps.db, account.memberId, account.providerCode);
    if (!fresh) return false;
    const again = await this.syncFrom(member, this.rememberAccount(fresh));
    return again === 'mark-moved' ? true : again;
  }

  private async syncFrom(
    member: MemberMoneyInfo,
    account: MoneyAccount,
  ): Promise<boolean | 'mark-moved'> {
    const { outcome, lastRoundId } = await postRounds(this.deps, member, account);
    if (lastRoundId !== undefined) this.rememberAccount(account, lastRoundId);
    return outcome;
  }

  /**
   * GET /api/wallet/refresh/slot: every game account is synced concurrently, each under its
   * provider's own time-out, so one slow or failing provider neither delays nor breaks the
   * others; its slot keeps the last known amount, as does the slot of a provider in maintenance,
   * which is not asked.
   */
  async refresh(memberId: number): Promise<Slot[]> {
    await this.countProviderCall(memberId);
    const member = await this.member(memberId);
    const [all, resting] = await Promise.all([
      listGameAccounts(this.deps.db, memberId),
      this.inMaintenance(),
    ]);
    const accounts = all.filter((account) => !resting.has(account.providerCode));
    await Promise.all(
      accounts.map((account) =>
        this.sync(member, account).catch((error: unknown) => {
          this.deps.log.warn({ err: error, provider: account.providerCode }, 'slot sync failed');
          return false;
        }),
      ),
    );
    return this.slots(memberId);
  }

  /**
   * The member's balance at the provider as the provider reports it, the rounds it reported
   * synced into the ledger first (the daily reconciliation compares it with the ledger's); null
   * when the provider did not answer or the rounds could not be synced.
   */
  async providerBalance(memberId: number, code: string): Promise<number | null> {
    const row = await findGameAccount(this.deps.db, memberId, code);
    if (!row) return null;
    if (!(await this.sync(await this.member(memberId), this.rememberAccount(row)))) return null;
    const balance = await this.deps.providers.call(code, (p, deadline) =>
      p.balance(row.username, deadline),
    );
    return balance.kind === 'ok' ? balance.value : null;
  }
}

function toSlot(
  provider: ProviderRow,
  accounts: GameAccountRow[],
  balances: { kind: string; providerCode: string; balance: number }[],
): Slot {
  const account = accounts.find((a) => a.providerCode === provider.code);
  const balance = balances.find((b) => b.kind === 'game' && b.providerCode === provider.code);
  return {
    code: provider.code as Slot['code'],
    name: provider.name,
    logo: provider.logo,
    amount: fromMinor(balance?.balance ?? 0),
    isActive: account !== undefined,
    category: provider.category as GameCategory,
    maintenance: provider.maintenance,
  };
}
