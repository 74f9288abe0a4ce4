import type { Config } from '../config';
import { type Database, openDatabase } from '../db/client';
import { bootstrap } from '../seed/bootstrap';

/**
 * The server's own database for a command (src/cli), migrated: DATABASE_URL, else the embedded
 * one under DATA_DIR, which the server must not hold open at the same time.
 */
export async function openServerDatabase(config: Config): Promise<Database> {
  const database = await openDatabase(
    config.databaseUrl
      ? { kind: 'postgres', url: config.databaseUrl, poolMax: 2 }
      : { kind: 'pglite', dataDir: config.dataDir },
  );
  try {
    await database.migrate((db) => bootstrap(db, { sandbox: config.sandbox }));
    return database;
  } catch (error) {
    await database.close();
    throw error;
  }
}
