import pg from 'pg';

/** Runs `work` on a client of its own connected to `url`, and closes it whatever happens. */
export async function withPgClient<T>(
  url: string,
  work: (client: pg.Client) => Promise<T>,
): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}
