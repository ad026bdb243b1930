ALTER TABLE "refresh_tokens" ADD COLUMN "actor" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "banned_at" bigint;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "banned_until" bigint;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "ban_reason" text;