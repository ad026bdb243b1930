CREATE TABLE `api_key_sets` (
	`id` text PRIMARY KEY NOT NULL,
	`project_id` text NOT NULL,
	`description` text NOT NULL,
	`created_at` integer NOT NULL,
	`expires_at` integer NOT NULL,
	`manually_revoked_at` integer,
	`publishable_client_key_hash` text,
	`publishable_client_key_last_four` text,
	`secret_server_key_hash` text,
	`secret_server_key_last_four` text,
	`super_secret_admin_key_hash` text,
	`super_secret_admin_key_last_four` text,
	FOREIGN KEY (`project_id`) REFERENCES `projects`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `api_key_sets_project_idx` ON `api_key_sets` (`project_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `permission_containments` (
	`project_id` text NOT NULL,
	`permission_id` text NOT NULL,
	`contained_permission_id` text NOT NULL,
	PRIMARY KEY(`project_id`, `permission_id`, `contained_permission_id`),
	FOREIGN KEY (`project_id`,`permission_id`) REFERENCES `permission_definitions`(`project_id`,`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `permission_definitions` (
	`project_id` text NOT NULL,
	`id` text NOT NULL,
	`description` text,
	`created_at` integer NOT NULL,
	PRIMARY KEY(`project_id`, `id`),
	FOREIGN KEY (`project_id`) REFERENCES `projects`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `project_default_permissions` (
	`project_id` text NOT NULL,
	`kind` text NOT NULL,
	`permission_id` text NOT NULL,
	PRIMARY KEY(`project_id`, `kind`, `permission_id`),
	FOREIGN KEY (`project_id`) REFERENCES `projects`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `project_domains` (
	`project_id` text NOT NULL,
	`position` integer NOT NULL,
	`domain` text NOT NULL,
	`handler_path` text NOT NULL,
	PRIMARY KEY(`project_id`, `domain`),
	FOREIGN KEY (`project_id`) REFERENCES `projects`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `project_email_configs` (
	`project_id` text PRIMARY KEY NOT NULL,
	`type` text NOT NULL,
	`host` text,
	`port` integer,
	`username` text,
	`password` text,
	`sender_name` text,
	`sender_email` text,
	FOREIGN KEY (`project_id`) REFERENCES `projects`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `project_oauth_providers` (
	`project_id` text NOT NULL,
	`provider_id` text NOT NULL,
	`enabled` integer NOT NULL,
	`type` text NOT NULL,
	`client_id` text,
	`client_secret` text,
	`facebook_config_id` text,
	`microsoft_tenant_id` text,
	PRIMARY KEY(`project_id`, `provider_id`),
	FOREIGN KEY (`project_id`) REFERENCES `projects`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `projects` (
	`id` text PRIMARY KEY NOT NULL,
	`display_name` text NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	`created_at` integer NOT NULL,
	`is_production_mode` integer DEFAULT false NOT NULL,
	`config_id` text NOT NULL,
	`allow_localhost` integer DEFAULT true NOT NULL,
	`sign_up_enabled` integer DEFAULT true NOT NULL,
	`credential_enabled` integer DEFAULT true NOT NULL,
	`magic_link_enabled` integer DEFAULT false NOT NULL,
	`passkey_enabled` integer DEFAULT false NOT NULL,
	`client_team_creation_enabled` integer DEFAULT false NOT NULL,
	`client_user_deletion_enabled` integer DEFAULT false NOT NULL,
	`create_team_on_sign_up` integer DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE `users` (
	`id` text PRIMARY KEY NOT NULL,
	`project_id` text NOT NULL,
	`display_name` text,
	`profile_image_url` text,
	`client_metadata` text,
	`client_read_only_metadata` text,
	`server_metadata` text,
	`signed_up_at` integer NOT NULL,
	`last_active_at` integer NOT NULL,
	FOREIGN KEY (`project_id`) REFERENCES `projects`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `users_project_signed_up_idx` ON `users` (`project_id`,`signed_up_at`);