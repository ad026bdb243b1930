-- PostgreSQL only. The write generation (server/core/storage/transactions.ts) becomes a sum
-- over one row per server connection: every write transaction raises its own connection's row,
-- so concurrent transactions never wait on one row's lock (the single row serialised every
-- write of every instance). The sum only grows, and a commit's new value is seen with its rows.
CREATE TABLE "write_generation_slots" ("backend" integer PRIMARY KEY, "generation" bigint NOT NULL);--> statement-breakpoint
INSERT INTO "write_generation_slots" ("backend", "generation") SELECT 0, "generation" FROM "write_generation";--> statement-breakpoint
DROP TABLE "write_generation";
