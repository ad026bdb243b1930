ALTER TABLE `projects` ADD `default_locale` text DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE `users` ADD `locale` text;