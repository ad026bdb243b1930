CREATE TABLE `audit_events` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`project_id` text NOT NULL,
	`occurred_at` integer NOT NULL,
	`type` text NOT NULL,
	`actor_type` text NOT NULL,
	`actor_id` text,
	`subject_user_id` text,
	`ip` text,
	`user_agent` text,
	`details` text,
	FOREIGN KEY (`project_id`) REFERENCES `projects`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `audit_events_project_idx` ON `audit_events` (`project_id`,`id`);--> statement-breakpoint
CREATE INDEX `audit_events_subject_idx` ON `audit_events` (`project_id`,`subject_user_id`,`id`);--> statement-breakpoint
CREATE INDEX `audit_events_type_idx` ON `audit_events` (`project_id`,`type`,`id`);--> statement-breakpoint
CREATE INDEX `audit_events_time_idx` ON `audit_events` (`occurred_at`);--> statement-breakpoint
ALTER TABLE `projects` ADD `audit_log_retention_days` integer DEFAULT 90 NOT NULL;