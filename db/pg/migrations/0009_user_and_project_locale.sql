-- The language a user chose (null: their browser's, then the project's) and the project's default
-- language for screens and emails (server/protocol/locales.ts lists the supported ones).
ALTER TABLE "projects" ADD COLUMN "default_locale" text DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "locale" text;