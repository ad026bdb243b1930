-- Written by hand (drizzle-kit does not manage triggers, functions or extensions): what the
-- SQLite schema keeps with triggers and a virtual table, done the PostgreSQL way.
--
-- 1. project_user_counts, kept right by every write to users, as SQLite's triggers keep it.
-- Inserts and deletes use statement-level triggers over transition tables: a bulk insert (a copy,
-- an import) or a project's cascading delete then updates each project's counts once per
-- statement rather than once per row, with the same result. A change of sign-in method is a
-- row trigger limited to the two columns and to rows where one really changed, so the frequent
-- updates of last_active_at cost nothing.
CREATE FUNCTION "authd_users_count_on_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "project_user_counts" AS "c" ("project_id", "user_count", "password_user_count", "otp_user_count")
    SELECT "project_id", count(*), count("password_hash"), count(*) FILTER (WHERE "otp_auth_enabled")
    FROM "added_users" GROUP BY "project_id"
    ON CONFLICT ("project_id") DO UPDATE SET
      "user_count" = "c"."user_count" + excluded."user_count",
      "password_user_count" = "c"."password_user_count" + excluded."password_user_count",
      "otp_user_count" = "c"."otp_user_count" + excluded."otp_user_count";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "users_count_on_insert" AFTER INSERT ON "users"
  REFERENCING NEW TABLE AS "added_users" FOR EACH STATEMENT EXECUTE FUNCTION "authd_users_count_on_insert"();--> statement-breakpoint
CREATE FUNCTION "authd_users_count_on_delete"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "project_user_counts" AS "c" SET
      "user_count" = "c"."user_count" - "r"."users",
      "password_user_count" = "c"."password_user_count" - "r"."password_users",
      "otp_user_count" = "c"."otp_user_count" - "r"."otp_users"
    FROM (
      SELECT "project_id", count(*) AS "users", count("password_hash") AS "password_users",
        count(*) FILTER (WHERE "otp_auth_enabled") AS "otp_users"
      FROM "removed_users" GROUP BY "project_id"
    ) AS "r"
    WHERE "c"."project_id" = "r"."project_id";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "users_count_on_delete" AFTER DELETE ON "users"
  REFERENCING OLD TABLE AS "removed_users" FOR EACH STATEMENT EXECUTE FUNCTION "authd_users_count_on_delete"();--> statement-breakpoint
CREATE FUNCTION "authd_users_count_on_sign_in_method_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "project_user_counts" SET
      "password_user_count" = "password_user_count" + (NEW."password_hash" IS NOT NULL)::int - (OLD."password_hash" IS NOT NULL)::int,
      "otp_user_count" = "otp_user_count" + NEW."otp_auth_enabled"::int - OLD."otp_auth_enabled"::int
    WHERE "project_id" = NEW."project_id";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "users_count_on_sign_in_method_change" AFTER UPDATE OF "password_hash", "otp_auth_enabled" ON "users"
  FOR EACH ROW
  WHEN ((OLD."password_hash" IS NULL) IS DISTINCT FROM (NEW."password_hash" IS NULL) OR OLD."otp_auth_enabled" IS DISTINCT FROM NEW."otp_auth_enabled")
  EXECUTE FUNCTION "authd_users_count_on_sign_in_method_change"();--> statement-breakpoint
--
-- 2. User search. SQLite answers "display name or an email contains this text" (three
-- characters or more) with an FTS5 trigram table kept by triggers and numbered by
-- user_search_keys. PostgreSQL's pg_trgm indexes the columns themselves: a GIN trigram index
-- answers `display_name_folded LIKE '%text%'` and `value_folded LIKE '%text%'` with an index
-- lookup, over the same case-folded text core writes, so there is no second table to keep in
-- step, to copy or to rebuild. An email matches within one address (the FTS5 column joins a
-- user's addresses with newlines; a folded query holds no newline, so the answers agree).
-- pg_trgm is a trusted extension (PostgreSQL 13 and later): a database owner may create it.
CREATE EXTENSION IF NOT EXISTS "pg_trgm";--> statement-breakpoint
CREATE INDEX "users_search_name_idx" ON "users" USING gin ("display_name_folded" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "contact_channels_search_value_idx" ON "contact_channels" USING gin ("value_folded" gin_trgm_ops);
