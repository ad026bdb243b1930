// drizzle-kit for the PostgreSQL schema: `drizzle-kit generate --config drizzle.pg.config.ts`.
import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: './db/pg/schema.ts',
  out: './db/pg/migrations',
});
