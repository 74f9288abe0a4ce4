/**
 * The second baseline of the transfer benchmark (issue 11): what the database alone can do for
 * the work of a transfer. A server process run with bench/sql-capture.mjs records the statements
 * it sends, with their values and first rows, for two transfers each way of one member; from them
 * this module writes one pgbench script per direction that sends the very same statements:
 *
 * - a value that differs between the two transfers of a direction is the request's own: taken
 *   from an earlier statement's answer when one gave it (the transaction id the opening
 *   answered), else a fresh random number for each transaction (the Idempotency-Key, our
 *   reference at the provider);
 * - a value that is the member's (their id, their game username, a list of their ledger account
 *   ids) comes from a small table, one row per pgbench client, read at the start of each
 *   transaction (pgbench has no per-client constants: that primary-key read is the one
 *   statement the scripts add);
 * - any other value is a constant, given with -D; a null is written as NULL.
 *
 * Each pgbench client is one member, as each of our load's clients owns its members.
 */
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type pg from 'pg';

type Captured = { text: string; values: unknown[]; row: Record<string, unknown> | null };

export type Direction = 'to-game' | 'to-wallet';

/** What a pgbench run needs: its script files (with weights) and its -D constants. */
export type TransferScripts = { files: string[]; defines: string[] };

/** node-postgres's text form of a value, as the server sent it. */
function asText(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (Array.isArray(value)) return `{${value.map((v) => asText(v)).join(',')}}`;
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** The capture file's statements, each with the first row it answered (sql-capture.mjs). */
export function readCapture(file: string): Captured[] {
  if (!existsSync(file)) return [];
  const lines = readFileSync(file, 'utf8').split('\n').filter(Boolean);
  rmSync(file, { force: true });
  return lines.map((line) => JSON.parse(line) as Captured);
}

type MemberFacts = {
  id: number;
  username: string;
  /** The member's ledger accounts: id → what it is (kind and provider), stable across members. */
  accounts: Map<number, string>;
};

export async function memberFacts(db: pg.Client, id: number, game: string): Promise<MemberFacts> {
  const [account] = (
    await db.query<{ username: string }>(
      'select username from game_accounts where member_id = $1 and provider_code = $2',
      [id, game],
    )
  ).rows;
  const ledger = await db.query<{ id: number; kind: string; provider_code: string }>(
    'select id, kind, provider_code from ledger_accounts where member_id = $1',
    [id],
  );
  return {
    id,
    username: account?.username ?? '',
    accounts: new Map(ledger.rows.map((a) => [a.id, `${a.kind}:${a.provider_code}`])),
  };
}

/** Where a parameter's value comes from in the script. */
type Source =
  | { kind: 'null' }
  | { kind: 'constant'; name: string; value: string }
  | { kind: 'random'; name: string }
  | { kind: 'answer'; name: string }
  | { kind: 'member'; name: string; of: (member: MemberFacts) => string };

/**
 * One direction's script from two captured transfers of the same member (`first`, `second`).
 * Answers the script and the per-member columns it reads.
 */
export function scriptFor(
  direction: Direction,
  first: Captured[],
  second: Captured[],
  member: MemberFacts,
): { script: string; constants: Map<string, string>; memberColumns: Map<string, Source> } {
  if (first.length !== second.length || first.some((s, i) => s.text !== second[i]?.text)) {
    throw new Error(`the two ${direction} transfers sent different statements: capture again`);
  }
  const prefix = direction === 'to-game' ? 'g' : 'w';
  const constants = new Map<string, string>();
  const memberColumns = new Map<string, Source>();
  const randoms = new Map<string, string>();
  const lines = [
    // The client's member (one row a client, see the module comment).
    'select * from bench_pgbench_clients where client = :client_id \\gset',
  ];
  const accountKinds = (text: string) => {
    const ids = /^\{(\d+(,\d+)*)\}$/.exec(text)?.[1]?.split(',').map(Number);
    if (!ids?.every((id) => member.accounts.has(id))) return null;
    return ids.map((id) => member.accounts.get(id) ?? '');
  };
  const sourceOf = (i: number, n: number): Source => {
    const a = asText(first[i]?.values[n]);
    const b = asText(second[i]?.values[n]);
    if (a === null) return { kind: 'null' };
    if (a !== b) {
      // The request's own: an earlier answer of this transfer, or fresh each time.
      for (let j = i - 1; j >= 0; j--) {
        const row = first[j]?.row ?? {};
        const column = Object.keys(row).find((c) => asText(row[c]) === a);
        if (column) return { kind: 'answer', name: `r${j}_${column}` };
      }
      const name = randoms.get(a) ?? `${prefix}_new${randoms.size}`;
      randoms.set(a, name);
      return { kind: 'random', name };
    }
    if (a === String(member.id)) return { kind: 'member', name: 'member', of: (m) => String(m.id) };
    if (a === member.username) return { kind: 'member', name: 'username', of: (m) => m.username };
    const kinds = accountKinds(a);
    if (kinds) {
      const name = `${prefix}_accounts_${i}_${n}`;
      const of = (m: MemberFacts) => {
        const byKind = new Map([...m.accounts].map(([id, kind]) => [kind, id]));
        const ids = kinds.map((kind) => byKind.get(kind));
        if (ids.some((id) => id === undefined)) throw new Error(`member ${m.id} lacks an account`);
        const sorted = [...(ids as number[])].sort((x, y) => x - y);
        // The ledger takes its legs in ascending account order; so must the replay.
        if (sorted.join() !== (ids as number[]).join()) {
          throw new Error(`member ${m.id}'s accounts are not in the captured order`);
        }
        return `{${ids.join(',')}}`;
      };
      return { kind: 'member', name, of };
    }
    const name = `${prefix}_c${i}_${n}`;
    constants.set(name, a);
    return { kind: 'constant', name, value: a };
  };

  for (const [i, statement] of first.entries()) {
    let text = statement.text;
    // Highest first, so that $1 does not eat the start of $12.
    for (let n = statement.values.length - 1; n >= 0; n--) {
      const source = sourceOf(i, n);
      if (source.kind === 'member') memberColumns.set(source.name, source);
      const replacement = source.kind === 'null' ? 'NULL' : `:${source.name}`;
      text = text.replaceAll(new RegExp(`\\$${n + 1}(?!\\d)`, 'g'), replacement);
    }
    lines.push(`${text.trimEnd()} \\aset r${i}_`);
  }
  const sets = [...randoms.values()].map((name) => `\\set ${name} random(1, 9000000000000000000)`);
  return { script: `${[...sets, ...lines].join('\n')}\n`, constants, memberColumns };
}

/**
 * Writes both scripts and the clients' table (one member per pgbench client) into the wallet's
 * database; answers what pgbench needs to run them, half the transfers each way.
 */
export async function writeTransferScripts(options: {
  db: pg.Client;
  dir: string;
  game: string;
  captured: Record<Direction, [Captured[], Captured[]]>;
  captureMember: number;
  clientMembers: number[];
}): Promise<TransferScripts> {
  const { db, dir, game, captured } = options;
  const member = await memberFacts(db, options.captureMember, game);
  const files: string[] = [];
  const defines: string[] = [];
  const columns = new Map<string, Source>();
  for (const direction of ['to-game', 'to-wallet'] as const) {
    const [first, second] = captured[direction];
    const { script, constants, memberColumns } = scriptFor(direction, first, second, member);
    const file = join(dir, `${direction}.sql`);
    writeFileSync(file, script);
    files.push(`${file}@1`);
    for (const [name, value] of constants) defines.push('-D', `${name}=${value}`);
    for (const [name, source] of memberColumns) columns.set(name, source);
  }
  const names = [...columns.keys()];
  await db.query('drop table if exists bench_pgbench_clients');
  await db.query(
    `create table bench_pgbench_clients (client int primary key, ${names.map((n) => `${n} text`).join(', ')})`,
  );
  for (const [client, id] of options.clientMembers.entries()) {
    const facts = await memberFacts(db, id, game);
    const values = names.map((name) => {
      const source = columns.get(name);
      return source?.kind === 'member' ? source.of(facts) : '';
    });
    await db.query(
      `insert into bench_pgbench_clients values ($1, ${names.map((_, i) => `$${i + 2}`).join(', ')})`,
      [client, ...values],
    );
  }
  return { files, defines };
}
