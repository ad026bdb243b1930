-- PostgreSQL only. One row whose number every write transaction raises before it commits
-- (server/core/storage/transactions.ts), so each instance's read caches see, at their next
-- reading, that another instance has written: what PRAGMA data_version tells on SQLite. Kept out
-- of the drizzle schema, which both dialects share table for table, and never copied.
CREATE TABLE "write_generation" ("generation" bigint NOT NULL);--> statement-breakpoint
INSERT INTO "write_generation" ("generation") VALUES (0);
