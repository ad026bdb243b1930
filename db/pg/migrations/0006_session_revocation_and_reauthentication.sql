-- Sessions: when the user last proved a factor in a session, for the calls that need
-- a recent one (null on older sessions, which count from created_at), and the revoked sessions
-- whose access tokens are refused until the last of them expires.
ALTER TABLE "refresh_tokens" ADD COLUMN "verified_at" bigint;--> statement-breakpoint
CREATE TABLE "revoked_sessions" (
	"session_id" text PRIMARY KEY NOT NULL,
	"project_id" text NOT NULL,
	"revoked_at" bigint NOT NULL,
	"expires_at" bigint NOT NULL
);--> statement-breakpoint
CREATE INDEX "revoked_sessions_expires_idx" ON "revoked_sessions" USING btree ("expires_at");
