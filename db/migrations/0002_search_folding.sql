ALTER TABLE `contact_channels` ADD `value_folded` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `users` ADD `display_name_folded` text;