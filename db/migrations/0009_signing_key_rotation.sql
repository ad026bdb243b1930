-- Several keys per project for rotation. The private keys copied here are still plain; the
-- start-up data migration (server/core/sealed-secrets-migration.ts) seals them with the instance key.
PRAGMA foreign_keys=OFF;--> statement-breakpoint
CREATE TABLE `__new_project_signing_keys` (
	`key_id` text PRIMARY KEY NOT NULL,
	`project_id` text NOT NULL,
	`private_jwk` text NOT NULL,
	`public_jwk` text NOT NULL,
	`created_at` integer NOT NULL,
	`retired_at` integer,
	FOREIGN KEY (`project_id`) REFERENCES `projects`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
INSERT INTO `__new_project_signing_keys`("key_id", "project_id", "private_jwk", "public_jwk", "created_at", "retired_at") SELECT "key_id", "project_id", "private_jwk", "public_jwk", "created_at", NULL FROM `project_signing_keys`;--> statement-breakpoint
DROP TABLE `project_signing_keys`;--> statement-breakpoint
ALTER TABLE `__new_project_signing_keys` RENAME TO `project_signing_keys`;--> statement-breakpoint
PRAGMA foreign_keys=ON;--> statement-breakpoint
CREATE INDEX `project_signing_keys_project_idx` ON `project_signing_keys` (`project_id`,`created_at`);--> statement-breakpoint
CREATE UNIQUE INDEX `project_signing_keys_current_idx` ON `project_signing_keys` (`project_id`) WHERE retired_at IS NULL;