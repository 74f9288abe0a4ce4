import { fromMinor } from '@wallet/contract/money';
import {
  type StatementEntry,
  type StatementRequest,
  type StatementResponse,
  StatementTypeSchema,
  statementNoteKeys,
  TransactionStatusSchema,
} from '@wallet/contract/statement';
import { WALLET_ACCOUNT } from '@wallet/contract/wallet';
import { z } from 'zod';
import type { Db } from '../../db/client';
import type { AuthContext } from '../auth/auth.service';
import { countStatement, listStatement } from './statement.repository';

const DescriptionsSchema = z
  .partialRecord(z.enum(statementNoteKeys), z.object({ description: z.string() }))
  .nullable();

/** An adjustment reads as the spec's deposit into the wallet, or withdrawal out of it. */
const statementTypeOf = (row: { type: string; to: string }) =>
  row.type === 'adjustment'
    ? row.to === WALLET_ACCOUNT
      ? 'deposit'
      : 'withdraw'
    : StatementTypeSchema.parse(row.type);

/** POST /api/statement: read from the ledger, the caller's own rows only, newest first. */
export class StatementService {
  constructor(private readonly deps: { db: Db }) {}

  async list(auth: AuthContext, request: StatementRequest): Promise<StatementResponse> {
    const { db } = this.deps;
    const offset = (request.page - 1) * request.limit;
    const [total, found] = await Promise.all([
      countStatement(db, auth.memberId),
      listStatement(db, auth.memberId, offset, request.limit),
    ]);
    const statements = found.map((row): StatementEntry => {
      const descriptions = DescriptionsSchema.parse(row.description ?? null) ?? {};
      return {
        _id: String(row.id),
        statementType: statementTypeOf(row),
        from: row.from,
        to: row.to,
        status: TransactionStatusSchema.parse(row.status),
        amount: fromMinor(row.amount),
        createdAt: row.createdAt.toISOString(),
        ...descriptions,
      };
    });
    return { total, statements };
  }
}
