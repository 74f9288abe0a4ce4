/**
 * Loaded into a server process with `node --import` (bench/transfer-sql.ts): every
 * parameterised statement the process sends to PostgreSQL is appended to the file named by
 * BENCH_SQL_CAPTURE, once answered, as one JSON line `{ text, values, row }` (`row`: its first
 * row by column name, or null). node-postgres is an external package of the server bundle, so
 * this module and the server share its Client.
 */
import { appendFileSync } from 'node:fs';
import pg from 'pg';

const file = process.env.BENCH_SQL_CAPTURE;
const query = pg.Client.prototype.query;

function firstRow(result) {
  const row = result?.rows?.[0];
  if (!row) return null;
  // Rows come as objects, or as arrays (rowMode 'array'): named by the result's fields either way.
  return Object.fromEntries(
    (result.fields ?? []).map((field, i) => [
      field.name,
      Array.isArray(row) ? row[i] : row[field.name],
    ]),
  );
}

pg.Client.prototype.query = function capture(config, values, callback) {
  const answer = query.call(this, config, values, callback);
  const text = typeof config === 'string' ? config : config?.text;
  const given = Array.isArray(values) ? values : config?.values;
  if (file && typeof text === 'string' && Array.isArray(given) && given.length > 0) {
    const write = (row) =>
      appendFileSync(file, `${JSON.stringify({ text, values: given, row })}\n`);
    if (typeof answer?.then === 'function')
      answer.then(
        (r) => write(firstRow(r)),
        () => write(null),
      );
    else write(null);
  }
  return answer;
};
