ALTER TABLE `projects` ADD `refresh_token_rotation` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `refresh_tokens` ADD `session_id` text;--> statement-breakpoint
ALTER TABLE `refresh_tokens` ADD `replaced_at` integer;--> statement-breakpoint
CREATE INDEX `refresh_tokens_session_idx` ON `refresh_tokens` (`session_id`);