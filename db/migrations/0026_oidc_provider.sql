CREATE TABLE `oidc_clients` (
	`id` text PRIMARY KEY NOT NULL,
	`project_id` text NOT NULL,
	`name` text NOT NULL,
	`secret_hash` text,
	`redirect_uris` text NOT NULL,
	`post_logout_redirect_uris` text NOT NULL,
	`allowed_scopes` text NOT NULL,
	`first_party` integer DEFAULT false NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`project_id`) REFERENCES `projects`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `oidc_clients_project_idx` ON `oidc_clients` (`project_id`);--> statement-breakpoint
CREATE TABLE `oidc_consents` (
	`user_id` text NOT NULL,
	`client_id` text NOT NULL,
	`project_id` text NOT NULL,
	`scopes` text NOT NULL,
	`created_at` integer NOT NULL,
	PRIMARY KEY(`user_id`, `client_id`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`client_id`) REFERENCES `oidc_clients`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `oidc_grants` (
	`id` text PRIMARY KEY NOT NULL,
	`project_id` text NOT NULL,
	`client_id` text NOT NULL,
	`user_id` text NOT NULL,
	`code_hash` text NOT NULL,
	`code_expires_at` integer NOT NULL,
	`code_used_at` integer,
	`redirect_uri` text NOT NULL,
	`scopes` text NOT NULL,
	`nonce` text,
	`code_challenge` text,
	`auth_time` integer NOT NULL,
	`amr` text NOT NULL,
	`refresh_token_hash` text,
	`created_at` integer NOT NULL,
	`expires_at` integer NOT NULL,
	`revoked_at` integer,
	FOREIGN KEY (`project_id`) REFERENCES `projects`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`client_id`) REFERENCES `oidc_clients`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `oidc_grants_code_idx` ON `oidc_grants` (`code_hash`);--> statement-breakpoint
CREATE UNIQUE INDEX `oidc_grants_refresh_idx` ON `oidc_grants` (`refresh_token_hash`);--> statement-breakpoint
CREATE INDEX `oidc_grants_user_idx` ON `oidc_grants` (`user_id`);