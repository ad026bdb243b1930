ALTER TABLE `refresh_tokens` ADD `actor` text;--> statement-breakpoint
ALTER TABLE `users` ADD `banned_at` integer;--> statement-breakpoint
ALTER TABLE `users` ADD `banned_until` integer;--> statement-breakpoint
ALTER TABLE `users` ADD `ban_reason` text;