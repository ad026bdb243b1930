CREATE TABLE `contact_channels` (
	`id` text PRIMARY KEY NOT NULL,
	`project_id` text NOT NULL,
	`user_id` text NOT NULL,
	`type` text NOT NULL,
	`value` text NOT NULL,
	`is_verified` integer NOT NULL,
	`is_primary` integer NOT NULL,
	`used_for_auth` integer NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `contact_channels_user_idx` ON `contact_channels` (`user_id`,`created_at`);--> statement-breakpoint
CREATE UNIQUE INDEX `contact_channels_user_value_idx` ON `contact_channels` (`user_id`,`type`,`value`);--> statement-breakpoint
CREATE UNIQUE INDEX `contact_channels_auth_value_idx` ON `contact_channels` (`project_id`,`type`,`value`) WHERE used_for_auth = 1;--> statement-breakpoint
CREATE INDEX `contact_channels_project_value_idx` ON `contact_channels` (`project_id`,`value`);--> statement-breakpoint
CREATE TABLE `email_messages` (
	`id` text PRIMARY KEY NOT NULL,
	`project_id` text NOT NULL,
	`recipient` text NOT NULL,
	`subject` text NOT NULL,
	`html` text NOT NULL,
	`text` text NOT NULL,
	`status` text NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`next_attempt_at` integer NOT NULL,
	`last_error` text,
	`created_at` integer NOT NULL,
	`sent_at` integer,
	FOREIGN KEY (`project_id`) REFERENCES `projects`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `email_messages_due_idx` ON `email_messages` (`status`,`next_attempt_at`);--> statement-breakpoint
CREATE INDEX `email_messages_recipient_idx` ON `email_messages` (`recipient`,`created_at`);--> statement-breakpoint
CREATE TABLE `email_templates` (
	`project_id` text NOT NULL,
	`type` text NOT NULL,
	`subject` text NOT NULL,
	`content` text NOT NULL,
	`updated_at` integer NOT NULL,
	PRIMARY KEY(`project_id`, `type`),
	FOREIGN KEY (`project_id`) REFERENCES `projects`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `project_signing_keys` (
	`project_id` text PRIMARY KEY NOT NULL,
	`key_id` text NOT NULL,
	`private_jwk` text NOT NULL,
	`public_jwk` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`project_id`) REFERENCES `projects`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `refresh_tokens` (
	`id` text PRIMARY KEY NOT NULL,
	`project_id` text NOT NULL,
	`user_id` text NOT NULL,
	`token_hash` text NOT NULL,
	`created_at` integer NOT NULL,
	`expires_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `refresh_tokens_hash_idx` ON `refresh_tokens` (`token_hash`);--> statement-breakpoint
CREATE INDEX `refresh_tokens_user_idx` ON `refresh_tokens` (`user_id`);--> statement-breakpoint
CREATE TABLE `verification_codes` (
	`id` text PRIMARY KEY NOT NULL,
	`project_id` text NOT NULL,
	`kind` text NOT NULL,
	`code_hash` text NOT NULL,
	`nonce_hash` text NOT NULL,
	`data` text NOT NULL,
	`attempt_count` integer DEFAULT 0 NOT NULL,
	`created_at` integer NOT NULL,
	`expires_at` integer NOT NULL,
	`used_at` integer,
	FOREIGN KEY (`project_id`) REFERENCES `projects`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `verification_codes_lookup_idx` ON `verification_codes` (`project_id`,`kind`,`code_hash`);--> statement-breakpoint
CREATE INDEX `verification_codes_nonce_idx` ON `verification_codes` (`project_id`,`nonce_hash`);--> statement-breakpoint
ALTER TABLE `users` ADD `password_hash` text;--> statement-breakpoint
ALTER TABLE `users` ADD `otp_auth_enabled` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `users` ADD `totp_secret_base64` text;--> statement-breakpoint
ALTER TABLE `users` ADD `requires_totp_mfa` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `users` ADD `selected_team_id` text;