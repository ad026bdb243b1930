CREATE TABLE `team_member_permissions` (
	`project_id` text NOT NULL,
	`team_id` text NOT NULL,
	`user_id` text NOT NULL,
	`permission_id` text NOT NULL,
	PRIMARY KEY(`team_id`, `user_id`, `permission_id`),
	FOREIGN KEY (`team_id`,`user_id`) REFERENCES `team_members`(`team_id`,`user_id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `team_member_permissions_project_permission_idx` ON `team_member_permissions` (`project_id`,`permission_id`);--> statement-breakpoint
CREATE TABLE `team_members` (
	`project_id` text NOT NULL,
	`team_id` text NOT NULL,
	`user_id` text NOT NULL,
	`display_name` text,
	`profile_image_url` text,
	`created_at` integer NOT NULL,
	PRIMARY KEY(`team_id`, `user_id`),
	FOREIGN KEY (`team_id`) REFERENCES `teams`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `team_members_user_idx` ON `team_members` (`user_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `teams` (
	`id` text PRIMARY KEY NOT NULL,
	`project_id` text NOT NULL,
	`display_name` text NOT NULL,
	`profile_image_url` text,
	`client_metadata` text,
	`client_read_only_metadata` text,
	`server_metadata` text,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`project_id`) REFERENCES `projects`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `teams_project_created_idx` ON `teams` (`project_id`,`created_at`);