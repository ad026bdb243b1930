CREATE TABLE `daily_active_user_counts` (
	`project_id` text NOT NULL,
	`day` integer NOT NULL,
	`active_users` integer NOT NULL,
	PRIMARY KEY(`project_id`, `day`),
	FOREIGN KEY (`project_id`) REFERENCES `projects`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
ALTER TABLE `users` ADD `last_active_day` integer;--> statement-breakpoint
CREATE INDEX `users_project_last_active_idx` ON `users` (`project_id`,`last_active_at`);--> statement-breakpoint
CREATE INDEX `users_project_password_idx` ON `users` (`project_id`) WHERE password_hash IS NOT NULL;--> statement-breakpoint
CREATE INDEX `users_project_otp_idx` ON `users` (`project_id`) WHERE otp_auth_enabled = 1;