import { defineConfig } from 'drizzle-kit';

// `npm run db:generate -w @wallet/server` writes SQL migrations into ./drizzle; the server
// applies them at start (src/db/migrate.ts), so the folder ships next to dist/.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema/index.ts',
  out: './drizzle',
});
