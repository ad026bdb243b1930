-- PostgreSQL only. The counters behind rate limits and password/TOTP guess throttling, shared by
-- every instance on the database (on SQLite one process serves a data directory and keeps them
-- in memory). One row per counted thing: `count` attempts or failures, `at` when its window
-- started or the last failure happened, `flag` whether an account's unlock email went out.
-- Kept out of the drizzle schema, which both dialects share table for table, and never copied.
CREATE TABLE "shared_counters" (
  "key" text PRIMARY KEY,
  "count" integer NOT NULL,
  "at" bigint NOT NULL,
  "flag" boolean NOT NULL DEFAULT false
);--> statement-breakpoint
CREATE INDEX "shared_counters_at_idx" ON "shared_counters" ("at");
