CREATE TABLE "daily_sign_up_counts" (
	"project_id" text NOT NULL,
	"day" integer NOT NULL,
	"sign_ups" integer NOT NULL,
	CONSTRAINT "daily_sign_up_counts_project_id_day_pk" PRIMARY KEY("project_id","day")
);
--> statement-breakpoint
ALTER TABLE "daily_sign_up_counts" ADD CONSTRAINT "daily_sign_up_counts_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Written by hand: daily_sign_up_counts kept by every insert and delete of users, as SQLite's
-- triggers keep it (db/migrations/0018), with statement-level triggers over transition tables
-- like project_user_counts (0001): a bulk insert or a project's cascading delete updates each
-- (project, day) once per statement. signed_up_at is milliseconds; a UTC day is 86400000 of them.
INSERT INTO "daily_sign_up_counts" ("project_id", "day", "sign_ups")
  SELECT "project_id", ("signed_up_at" / 86400000)::int, count(*) FROM "users" GROUP BY 1, 2;--> statement-breakpoint
CREATE FUNCTION "authd_daily_sign_ups_on_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "daily_sign_up_counts" AS "c" ("project_id", "day", "sign_ups")
    SELECT "project_id", ("signed_up_at" / 86400000)::int, count(*) FROM "added_users" GROUP BY 1, 2
    ON CONFLICT ("project_id", "day") DO UPDATE SET "sign_ups" = "c"."sign_ups" + excluded."sign_ups";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "daily_sign_ups_on_user_insert" AFTER INSERT ON "users"
  REFERENCING NEW TABLE AS "added_users" FOR EACH STATEMENT EXECUTE FUNCTION "authd_daily_sign_ups_on_insert"();--> statement-breakpoint
CREATE FUNCTION "authd_daily_sign_ups_on_delete"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "daily_sign_up_counts" AS "c" SET "sign_ups" = "c"."sign_ups" - "r"."n"
    FROM (SELECT "project_id", ("signed_up_at" / 86400000)::int AS "day", count(*) AS "n" FROM "removed_users" GROUP BY 1, 2) AS "r"
    WHERE "c"."project_id" = "r"."project_id" AND "c"."day" = "r"."day";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "daily_sign_ups_on_user_delete" AFTER DELETE ON "users"
  REFERENCING OLD TABLE AS "removed_users" FOR EACH STATEMENT EXECUTE FUNCTION "authd_daily_sign_ups_on_delete"();--> statement-breakpoint
CREATE FUNCTION "authd_daily_sign_ups_on_sign_up_time_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "daily_sign_up_counts" SET "sign_ups" = "sign_ups" - 1
    WHERE "project_id" = OLD."project_id" AND "day" = (OLD."signed_up_at" / 86400000)::int;
  INSERT INTO "daily_sign_up_counts" AS "c" ("project_id", "day", "sign_ups")
    VALUES (NEW."project_id", (NEW."signed_up_at" / 86400000)::int, 1)
    ON CONFLICT ("project_id", "day") DO UPDATE SET "sign_ups" = "c"."sign_ups" + 1;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "daily_sign_ups_on_sign_up_time_change" AFTER UPDATE OF "signed_up_at" ON "users"
  FOR EACH ROW WHEN (OLD."signed_up_at" / 86400000 IS DISTINCT FROM NEW."signed_up_at" / 86400000)
  EXECUTE FUNCTION "authd_daily_sign_ups_on_sign_up_time_change"();
