-- The user's id in the system it was imported from (authd users import): a second run of the
-- same file finds it and skips the user. Unique per project; users made in authd leave it NULL.
ALTER TABLE "users" ADD COLUMN "external_id" text;--> statement-breakpoint
CREATE UNIQUE INDEX "users_project_external_id_idx" ON "users" USING btree ("project_id","external_id");
