DROP INDEX `users_project_signed_up_idx`;--> statement-breakpoint
CREATE INDEX `users_project_signed_up_idx` ON `users` (`project_id`,`signed_up_at`,`id`);