ALTER TABLE `refresh_tokens` ADD `last_used_at` integer;--> statement-breakpoint
ALTER TABLE `refresh_tokens` ADD `last_used_ip` text;--> statement-breakpoint
ALTER TABLE `refresh_tokens` ADD `last_used_user_agent` text;