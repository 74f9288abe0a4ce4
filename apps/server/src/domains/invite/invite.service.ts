import type { Banner } from '@wallet/contract/common';
import type { Locale } from '@wallet/contract/constants';
import type { InviteBonusResponse, InviteListResponse } from '@wallet/contract/invite';
import { fromMinor, minor } from '@wallet/contract/money';
import type { InviteSummary } from '@wallet/contract/wallet';
import { WALLET_ACCOUNT } from '@wallet/contract/wallet';
import { fingerprint, type Idempotency } from '../../core/idempotency/idempotency';
import type { Ledger } from '../../core/ledger/ledger';
import { rebate } from '../../core/rounds/rebate';
import { readSetting } from '../../core/settings/settings.repository';
import type { Db } from '../../db/client';
import { DomainError } from '../../lib/domain-error';
import type { Log } from '../../lib/log';
import { bannersIn } from '../../lib/operator-html';
import type { AuthContext } from '../auth/auth.service';
import type { MemberMoneyInfo } from '../games/games.service';
import {
  collectInvites,
  linkCollection,
  listInvitees,
  listUncreditedCollections,
  uncollectedTotals,
} from './invite.repository';

export type InviteServiceDeps = {
  db: Db;
  ledger: Ledger;
  idempotency: Idempotency;
  member: (memberId: number) => Promise<MemberMoneyInfo>;
  log: Pick<Log, 'error'>;
};

/**
 * The invite programme (the spec's screens, entities and calls; docs/promotions.md). A member invited with
 * the link `PR{id}` is the inviter's friend; the inviter earns the rebate of the friends' rounds
 * at the invite setting's rates, and collects it into the cash wallet: the rounds are counted
 * into a collection once each, and the collection is credited once (Ledger.credit, source
 * `invite`).
 */
export class InviteService {
  constructor(private readonly deps: InviteServiceDeps) {}

  /** The referral card's summary (`wallet.invite` of GET /api/wallet). */
  async summary(memberId: number): Promise<InviteSummary> {
    const settings = await readSetting(this.deps.db, 'invite');
    const inviter = await this.deps.member(memberId);
    const ready = settings.isActive
      ? rebate(await uncollectedTotals(this.deps.db, inviter), settings)
      : 0;
    return {
      amount: fromMinor(ready),
      success: settings.successPercent,
      fail: settings.failPercent,
    };
  }

  /** POST /api/invite: the invited friends and the invite bonus earned from each. */
  async list(auth: AuthContext, page: number, limit: number): Promise<InviteListResponse> {
    const settings = await readSetting(this.deps.db, 'invite');
    const inviter = await this.deps.member(auth.memberId);
    const { total, friends } = await listInvitees(this.deps.db, inviter, page, limit);
    return {
      total,
      invites: friends.map((f) => ({
        from: { name: f.name },
        amount: fromMinor(rebate(f.totals, settings)),
        createdAt: f.createdAt.toISOString(),
      })),
    };
  }

  /**
   * GET /api/invite/bonus under the request's Idempotency-Key: collects the invite bonus ready
   * into the cash wallet. A request cut short may run again; a collection it left uncredited is
   * credited by the sweep.
   */
  collect(auth: AuthContext, key: string | undefined): Promise<InviteBonusResponse> {
    return this.deps.idempotency.run(
      auth.memberId,
      key,
      { hash: fingerprint('invite.collect', {}), request: {} },
      () => this.collectReady(auth),
      { recover: async () => ({ rerun: true }) },
    );
  }

  private async collectReady(auth: AuthContext): Promise<InviteBonusResponse> {
    const { db } = this.deps;
    const settings = await readSetting(db, 'invite');
    if (!settings.isActive) throw new DomainError('INVITE_INACTIVE');
    const inviter = await this.deps.member(auth.memberId);
    const collection = await collectInvites(db, inviter, (totals) => rebate(totals, settings));
    if (!collection) throw new DomainError('NO_INVITE_BONUS');
    await this.credit({ ...collection, memberId: inviter.id, currency: inviter.currency });
    return { message: 'INVITE_BONUS_SUCCESS', amount: fromMinor(collection.amount) };
  }

  /** GET /api/invite/banners. */
  async banners(locale: Locale): Promise<{ banners: Banner[] }> {
    const settings = await readSetting(this.deps.db, 'invite');
    return { banners: bannersIn(settings.banners, locale) };
  }

  /** Credits collections a process left uncredited (the rewards job). */
  async sweep(): Promise<{ credited: number }> {
    const pending = await listUncreditedCollections(this.deps.db);
    for (const collection of pending) {
      try {
        await this.credit(collection);
      } catch (error) {
        this.deps.log.error({ err: error, collection: collection.id }, 'invite bonus not credited');
      }
    }
    return { credited: pending.length };
  }

  private async credit(collection: {
    id: number;
    memberId: number;
    amount: number;
    currency: string;
  }): Promise<void> {
    const credit = await this.deps.ledger.credit(this.deps.db, {
      source: 'invite',
      reference: String(collection.id),
      memberId: collection.memberId,
      amount: minor(collection.amount),
      currency: collection.currency,
      from: 'bonuses',
      into: 'cash',
      type: 'bonus',
      label: { from: 'INVITE', to: WALLET_ACCOUNT },
      description: { invite: { description: `#${collection.id}` } },
    });
    await linkCollection(this.deps.db, collection.id, credit.transactionId);
  }
}
