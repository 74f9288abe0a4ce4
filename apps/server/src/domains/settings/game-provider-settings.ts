import type { GameProviderCode } from '@wallet/contract/constants';
import {
  type GameProviderChange,
  type GameProvidersResponse,
  type OperatorGameProvider,
  OperatorGameProviderSchema,
} from '@wallet/contract/operator-accounts';
import type { AuditLog } from '../../core/audit/audit';
import type { Db } from '../../db/client';
import { DomainError } from '../../lib/domain-error';
import type { ChangedBy } from '../staff/staff-accounts';
import { changedFields, reorderRows } from './operator-accounts';
import {
  listAllGameProviders,
  lockGameProvider,
  updateGameProvider,
} from './operator-accounts.repository';

/**
 * The game providers as an admin sets them (docs/backoffice.md, "Settings"; issue 33): on or
 * off, in maintenance, their order, logo and links. Members' lists read the rows on each call;
 * the money path (transfers) reads them through the games domain's one-second cache, so every
 * process refuses a provider in maintenance within a second of the change.
 */
export class GameProviderSettings {
  constructor(private readonly deps: { db: Db; audit: AuditLog }) {}

  async list(): Promise<GameProvidersResponse> {
    const rows = await listAllGameProviders(this.deps.db);
    return { providers: rows.map((row) => OperatorGameProviderSchema.parse(row)) };
  }

  /** Changes what the request names; a change that changes nothing writes nothing. */
  async change(
    code: GameProviderCode,
    { reason, ...wanted }: GameProviderChange,
    by: ChangedBy,
  ): Promise<OperatorGameProvider> {
    const { db, audit } = this.deps;
    return db.transaction(async (tx) => {
      const before = await lockGameProvider(tx, code);
      if (!before) throw new DomainError('NO_GAME');
      const values = Object.fromEntries(
        Object.entries(wanted).filter(([, value]) => value !== undefined),
      ) as Partial<typeof before>;
      const change = changedFields(before, { ...before, ...values });
      if (!change.changed) return OperatorGameProviderSchema.parse(before);
      const after = await updateGameProvider(tx, code, values);
      await audit.append(
        {
          ...by,
          action: 'settings.game-provider',
          target: `game-provider:${code}`,
          reason,
          // A logo may be a picture the seed drew: the log keeps whether it changed, not its bytes.
          before: abridged(change.before),
          after: abridged(change.after),
        },
        tx,
      );
      return OperatorGameProviderSchema.parse(after);
    });
  }

  reorder(codes: readonly GameProviderCode[], reason: string, by: ChangedBy): Promise<void> {
    return reorderRows(this.deps, 'games', codes, 'codes', reason, by);
  }
}

/** A data URL (a drawn logo, kilobytes long) is logged as its first characters. */
function abridged(fields: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(fields).map(([key, value]) => [
      key,
      typeof value === 'string' && value.startsWith('data:') ? `${value.slice(0, 40)}…` : value,
    ]),
  );
}
