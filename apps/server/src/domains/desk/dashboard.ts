import type { Dashboard } from '@wallet/contract/desk';
import { fromMinor } from '@wallet/contract/money';
import { sql } from 'drizzle-orm';
import { depositSources } from '../../core/ledger/outside-credits';
import type { Db } from '../../db/client';
import { numberFromInt8, rows } from '../../db/statement';
import { undecidedNotes } from '../slip/slip.repository';

/** The operator's day: Thailand and Laos share UTC+7. */
const ZONE = 'Asia/Bangkok';

type Waiting = Dashboard['waiting'][number];

const iso = (value: Date | string | null) =>
  value === null ? null : new Date(value).toISOString();

/**
 * The back office's first screen (docs/backoffice.md): today's money per currency and channel,
 * new members and first deposits, and what waits for staff with its oldest wait. Read straight
 * from the ledger and the desk's tables, never from counters kept on the side.
 */
export async function dashboard(db: Db): Promise<Dashboard> {
  const [day] = await rows<{ day: string; start: Date | string }>(
    db,
    sql`select to_char(now() at time zone ${ZONE}, 'YYYY-MM-DD') as day,
          (date_trunc('day', now() at time zone ${ZONE}) at time zone ${ZONE}) as start`,
  );
  const start = new Date(day?.start ?? Date.now());
  const channels = sql.join(
    depositSources.map((source) => sql`${source}`),
    sql`, `,
  );

  const [deposits, withdrawals, members, firstDeposits, waiting] = await Promise.all([
    rows<{ currency: string; channel: string; count: unknown; amount: unknown }>(
      db,
      sql`select currency, source as channel, count(*) as count, sum(amount) as amount
          from outside_credits where created_at >= ${start} and source in (${channels})
          group by currency, source order by currency, source`,
    ),
    rows<{
      currency: string;
      count: unknown;
      amount: unknown;
      paid: unknown;
      paid_amount: unknown;
    }>(
      db,
      sql`select currency, count(*) as count, sum(amount) as amount,
            count(*) filter (where status = 'success') as paid,
            coalesce(sum(amount) filter (where status = 'success'), 0) as paid_amount
          from ledger_transactions where type = 'withdraw' and created_at >= ${start}
          group by currency`,
    ),
    rows<{ count: unknown }>(
      db,
      sql`select count(*) as count from members where created_at >= ${start}`,
    ),
    rows<{ count: unknown }>(
      db,
      sql`select count(*) as count from (select member_id, min(created_at) as first
            from outside_credits where source in (${channels}) group by member_id) f
          where f.first >= ${start}`,
    ),
    rows<{ what: Waiting['what']; count: unknown; oldest: Date | string | null }>(
      db,
      sql`select 'withdrawals' as what, count(*) as count, min(created_at) as oldest
            from withdrawal_reviews where status = 'waiting'
          union all
          select 'adjustments', count(*), min(created_at) from adjustments where status = 'pending'
          union all
          select 'bank-transfers', count(*), min(received_at) from bank_transfers
            where member_id is null and refunded_at is null
          union all
          select 'slips', count(*), min(created_at) from slips
            where status = 'failed' and reviewed_at is null
              and note in (${sql.join(
                undecidedNotes.map((note) => sql`${note}`),
                sql`, `,
              )})
          union all
          select 'held-transfers', count(*), min(created_at) from ledger_transactions
            where type = 'transfer' and status = 'processing'
          union all
          select 'chats', count(*), min(first_unread) from (
            select (select min(u.created_at) from chat_messages u where u.conversation_id = c.id
              and u.sender = 'customer' and u.id > c.staff_read_id) as first_unread
            from chat_conversations c) w where first_unread is not null`,
    ),
  ]);

  const currencies = [
    ...new Set([...deposits.map((row) => row.currency), ...withdrawals.map((row) => row.currency)]),
  ].sort();
  const figure = (count: unknown, amount: unknown) => ({
    count: numberFromInt8(count),
    amount: fromMinor(numberFromInt8(amount ?? 0)),
  });
  return {
    day: day?.day ?? '',
    currencies: currencies.map((currency) => {
      const out = withdrawals.find((row) => row.currency === currency);
      return {
        currency,
        deposits: deposits
          .filter((row) => row.currency === currency)
          .map((row) => ({ channel: row.channel, ...figure(row.count, row.amount) })),
        withdrawals: figure(out?.count ?? 0, out?.amount ?? 0),
        paid: figure(out?.paid ?? 0, out?.paid_amount ?? 0),
      };
    }),
    members: {
      registered: numberFromInt8(members[0]?.count ?? 0),
      firstDeposits: numberFromInt8(firstDeposits[0]?.count ?? 0),
    },
    waiting: waiting.map((row) => ({
      what: row.what,
      count: numberFromInt8(row.count),
      oldest: iso(row.oldest),
    })),
  };
}
