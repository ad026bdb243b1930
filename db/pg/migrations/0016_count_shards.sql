-- Written by hand: the per-project and per-day counts (users, sign-ups, active users) kept in
-- shards. Every sign-up raised the same row of project_user_counts, daily_sign_up_counts and
-- daily_active_user_counts; at SERIALIZABLE, two sign-ups of one project whose transactions
-- overlapped then collided on those rows (40001) and ran again, until they ran one at a time.
-- Now each write raises the shard of its server process (pg_backend_pid() % 1024): a process
-- runs one transaction at a time, so concurrent writers land on different rows, and a shard
-- row exists only for the processes that wrote one. The three names stay, as views summing the
-- shards, so every reader and `authd copy` see the rows they saw. Writing a view row (a copy
-- into this database) replaces the key's shards with that one row (INSTEAD OF triggers). The
-- shard rows are updated in place (fillfactor 50 leaves room for PostgreSQL's heap-only
-- updates, which touch no index page that a concurrent SERIALIZABLE transaction has read).
CREATE TABLE "project_user_count_shards" (
	"project_id" text NOT NULL REFERENCES "projects"("id") ON DELETE CASCADE,
	"shard" integer NOT NULL,
	"user_count" integer DEFAULT 0 NOT NULL,
	"password_user_count" integer DEFAULT 0 NOT NULL,
	"otp_user_count" integer DEFAULT 0 NOT NULL,
	PRIMARY KEY ("project_id", "shard")
) WITH (fillfactor = 50);--> statement-breakpoint
INSERT INTO "project_user_count_shards" ("project_id", "shard", "user_count", "password_user_count", "otp_user_count")
  SELECT "project_id", 0, "user_count", "password_user_count", "otp_user_count" FROM "project_user_counts";--> statement-breakpoint
DROP TABLE "project_user_counts";--> statement-breakpoint
CREATE VIEW "project_user_counts" AS
  SELECT "project_id", sum("user_count")::int AS "user_count", sum("password_user_count")::int AS "password_user_count",
    sum("otp_user_count")::int AS "otp_user_count"
  FROM "project_user_count_shards" GROUP BY "project_id";--> statement-breakpoint
CREATE TABLE "daily_sign_up_count_shards" (
	"project_id" text NOT NULL REFERENCES "projects"("id") ON DELETE CASCADE,
	"day" integer NOT NULL,
	"shard" integer NOT NULL,
	"sign_ups" integer NOT NULL,
	PRIMARY KEY ("project_id", "day", "shard")
) WITH (fillfactor = 50);--> statement-breakpoint
INSERT INTO "daily_sign_up_count_shards" ("project_id", "day", "shard", "sign_ups")
  SELECT "project_id", "day", 0, "sign_ups" FROM "daily_sign_up_counts";--> statement-breakpoint
DROP TABLE "daily_sign_up_counts";--> statement-breakpoint
CREATE VIEW "daily_sign_up_counts" AS
  SELECT "project_id", "day", sum("sign_ups")::int AS "sign_ups" FROM "daily_sign_up_count_shards" GROUP BY "project_id", "day";--> statement-breakpoint
CREATE TABLE "daily_active_user_count_shards" (
	"project_id" text NOT NULL REFERENCES "projects"("id") ON DELETE CASCADE,
	"day" integer NOT NULL,
	"shard" integer NOT NULL,
	"active_users" integer NOT NULL,
	PRIMARY KEY ("project_id", "day", "shard")
) WITH (fillfactor = 50);--> statement-breakpoint
INSERT INTO "daily_active_user_count_shards" ("project_id", "day", "shard", "active_users")
  SELECT "project_id", "day", 0, "active_users" FROM "daily_active_user_counts";--> statement-breakpoint
DROP TABLE "daily_active_user_counts";--> statement-breakpoint
CREATE VIEW "daily_active_user_counts" AS
  SELECT "project_id", "day", sum("active_users")::int AS "active_users" FROM "daily_active_user_count_shards" GROUP BY "project_id", "day";--> statement-breakpoint
-- The triggers of 0001 and 0002, now raising the writer's shard (an upsert adding the change,
-- negative for a removal, so no shard has to exist beforehand).
CREATE OR REPLACE FUNCTION "authd_users_count_on_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "project_user_count_shards" AS "c" ("project_id", "shard", "user_count", "password_user_count", "otp_user_count")
    SELECT "project_id", pg_backend_pid() % 1024, count(*), count("password_hash"), count(*) FILTER (WHERE "otp_auth_enabled")
    FROM "added_users" GROUP BY "project_id"
    ON CONFLICT ("project_id", "shard") DO UPDATE SET
      "user_count" = "c"."user_count" + excluded."user_count",
      "password_user_count" = "c"."password_user_count" + excluded."password_user_count",
      "otp_user_count" = "c"."otp_user_count" + excluded."otp_user_count";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "authd_users_count_on_delete"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Only projects that still exist: a project's cascading delete removes its users after it.
  INSERT INTO "project_user_count_shards" AS "c" ("project_id", "shard", "user_count", "password_user_count", "otp_user_count")
    SELECT "r"."project_id", pg_backend_pid() % 1024, -count(*), -count("password_hash"), -count(*) FILTER (WHERE "otp_auth_enabled")
    FROM "removed_users" AS "r" JOIN "projects" AS "p" ON "p"."id" = "r"."project_id" GROUP BY "r"."project_id"
    ON CONFLICT ("project_id", "shard") DO UPDATE SET
      "user_count" = "c"."user_count" + excluded."user_count",
      "password_user_count" = "c"."password_user_count" + excluded."password_user_count",
      "otp_user_count" = "c"."otp_user_count" + excluded."otp_user_count";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "authd_users_count_on_sign_in_method_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "project_user_count_shards" AS "c" ("project_id", "shard", "user_count", "password_user_count", "otp_user_count")
    VALUES (NEW."project_id", pg_backend_pid() % 1024, 0,
      (NEW."password_hash" IS NOT NULL)::int - (OLD."password_hash" IS NOT NULL)::int,
      NEW."otp_auth_enabled"::int - OLD."otp_auth_enabled"::int)
    ON CONFLICT ("project_id", "shard") DO UPDATE SET
      "password_user_count" = "c"."password_user_count" + excluded."password_user_count",
      "otp_user_count" = "c"."otp_user_count" + excluded."otp_user_count";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "authd_daily_sign_ups_on_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "daily_sign_up_count_shards" AS "c" ("project_id", "day", "shard", "sign_ups")
    SELECT "project_id", ("signed_up_at" / 86400000)::int, pg_backend_pid() % 1024, count(*) FROM "added_users" GROUP BY 1, 2
    ON CONFLICT ("project_id", "day", "shard") DO UPDATE SET "sign_ups" = "c"."sign_ups" + excluded."sign_ups";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "authd_daily_sign_ups_on_delete"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Only days counted before, and of projects that still exist (as 0002's UPDATE did).
  INSERT INTO "daily_sign_up_count_shards" AS "c" ("project_id", "day", "shard", "sign_ups")
    SELECT "r"."project_id", "r"."day", pg_backend_pid() % 1024, -"r"."n"
    FROM (SELECT "project_id", ("signed_up_at" / 86400000)::int AS "day", count(*) AS "n" FROM "removed_users" GROUP BY 1, 2) AS "r"
    WHERE EXISTS (SELECT 1 FROM "daily_sign_up_count_shards" AS "s" WHERE "s"."project_id" = "r"."project_id" AND "s"."day" = "r"."day")
      AND EXISTS (SELECT 1 FROM "projects" AS "p" WHERE "p"."id" = "r"."project_id")
    ON CONFLICT ("project_id", "day", "shard") DO UPDATE SET "sign_ups" = "c"."sign_ups" + excluded."sign_ups";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "authd_daily_sign_ups_on_sign_up_time_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "daily_sign_up_count_shards" AS "c" ("project_id", "day", "shard", "sign_ups")
    VALUES (OLD."project_id", (OLD."signed_up_at" / 86400000)::int, pg_backend_pid() % 1024, -1),
      (NEW."project_id", (NEW."signed_up_at" / 86400000)::int, pg_backend_pid() % 1024, 1)
    ON CONFLICT ("project_id", "day", "shard") DO UPDATE SET "sign_ups" = "c"."sign_ups" + excluded."sign_ups";
  RETURN NULL;
END $$;--> statement-breakpoint
-- A user's first activity of a UTC day: core moves last_active_day only then (SQLite's core
-- also adds the day's count itself; on PostgreSQL this trigger does, into the writer's shard).
CREATE FUNCTION "authd_daily_active_users_on_active_day"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "daily_active_user_count_shards" AS "c" ("project_id", "day", "shard", "active_users")
    VALUES (NEW."project_id", NEW."last_active_day", pg_backend_pid() % 1024, 1)
    ON CONFLICT ("project_id", "day", "shard") DO UPDATE SET "active_users" = "c"."active_users" + 1;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "daily_active_users_on_active_day" AFTER UPDATE OF "last_active_day" ON "users"
  FOR EACH ROW WHEN (NEW."last_active_day" IS NOT NULL AND NEW."last_active_day" IS DISTINCT FROM OLD."last_active_day")
  EXECUTE FUNCTION "authd_daily_active_users_on_active_day"();--> statement-breakpoint
-- A row written into one of the views (authd copy) stands for its key's whole count.
CREATE FUNCTION "authd_project_user_counts_replace"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "project_user_count_shards" WHERE "project_id" = NEW."project_id";
  INSERT INTO "project_user_count_shards" ("project_id", "shard", "user_count", "password_user_count", "otp_user_count")
    VALUES (NEW."project_id", 0, NEW."user_count", NEW."password_user_count", NEW."otp_user_count");
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "project_user_counts_replace" INSTEAD OF INSERT ON "project_user_counts"
  FOR EACH ROW EXECUTE FUNCTION "authd_project_user_counts_replace"();--> statement-breakpoint
CREATE FUNCTION "authd_daily_sign_up_counts_replace"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "daily_sign_up_count_shards" WHERE "project_id" = NEW."project_id" AND "day" = NEW."day";
  INSERT INTO "daily_sign_up_count_shards" ("project_id", "day", "shard", "sign_ups") VALUES (NEW."project_id", NEW."day", 0, NEW."sign_ups");
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "daily_sign_up_counts_replace" INSTEAD OF INSERT ON "daily_sign_up_counts"
  FOR EACH ROW EXECUTE FUNCTION "authd_daily_sign_up_counts_replace"();--> statement-breakpoint
CREATE FUNCTION "authd_daily_active_user_counts_replace"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "daily_active_user_count_shards" WHERE "project_id" = NEW."project_id" AND "day" = NEW."day";
  INSERT INTO "daily_active_user_count_shards" ("project_id", "day", "shard", "active_users") VALUES (NEW."project_id", NEW."day", 0, NEW."active_users");
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "daily_active_user_counts_replace" INSTEAD OF INSERT ON "daily_active_user_counts"
  FOR EACH ROW EXECUTE FUNCTION "authd_daily_active_user_counts_replace"();
