import { defineConfig } from 'drizzle-kit';

// Migrations are generated from the schema (`npm run db:generate`), committed, and never edited by hand.
// The same folder is applied to PGlite and to PostgreSQL at start.
export default defineConfig({
  dialect: 'postgresql',
  schema: './server/src/db/schema/index.ts',
  out: './server/src/db/migrations',
});
