-- The team's id in the system it was imported from (authd teams import, an organisation): a
-- second run of the same file finds it and skips the team. Unique per project; NULL otherwise.
ALTER TABLE "teams" ADD COLUMN "external_id" text;--> statement-breakpoint
CREATE UNIQUE INDEX "teams_project_external_id_idx" ON "teams" USING btree ("project_id","external_id");
