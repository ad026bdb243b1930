CREATE TABLE `project_user_counts` (
	`project_id` text PRIMARY KEY NOT NULL,
	`user_count` integer DEFAULT 0 NOT NULL,
	`password_user_count` integer DEFAULT 0 NOT NULL,
	`otp_user_count` integer DEFAULT 0 NOT NULL,
	FOREIGN KEY (`project_id`) REFERENCES `projects`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
DROP INDEX `users_project_password_idx`;--> statement-breakpoint
DROP INDEX `users_project_otp_idx`;--> statement-breakpoint
-- Written by hand (drizzle-kit does not manage triggers): the counts start from the users there
-- are, then every insert, delete and sign-in-method change of a user keeps them right.
INSERT INTO `project_user_counts` (`project_id`, `user_count`, `password_user_count`, `otp_user_count`)
  SELECT `project_id`, count(*), count(`password_hash`), sum(`otp_auth_enabled`) FROM `users` GROUP BY `project_id`;--> statement-breakpoint
CREATE TRIGGER `users_count_on_insert` AFTER INSERT ON `users` BEGIN
  INSERT INTO `project_user_counts` (`project_id`, `user_count`, `password_user_count`, `otp_user_count`)
    VALUES (NEW.`project_id`, 1, NEW.`password_hash` IS NOT NULL, NEW.`otp_auth_enabled` <> 0)
    ON CONFLICT (`project_id`) DO UPDATE SET
      `user_count` = `user_count` + 1,
      `password_user_count` = `password_user_count` + (NEW.`password_hash` IS NOT NULL),
      `otp_user_count` = `otp_user_count` + (NEW.`otp_auth_enabled` <> 0);
END;--> statement-breakpoint
CREATE TRIGGER `users_count_on_delete` AFTER DELETE ON `users` BEGIN
  UPDATE `project_user_counts` SET
      `user_count` = `user_count` - 1,
      `password_user_count` = `password_user_count` - (OLD.`password_hash` IS NOT NULL),
      `otp_user_count` = `otp_user_count` - (OLD.`otp_auth_enabled` <> 0)
    WHERE `project_id` = OLD.`project_id`;
END;--> statement-breakpoint
CREATE TRIGGER `users_count_on_sign_in_method_change` AFTER UPDATE OF `password_hash`, `otp_auth_enabled` ON `users` BEGIN
  UPDATE `project_user_counts` SET
      `password_user_count` = `password_user_count` + (NEW.`password_hash` IS NOT NULL) - (OLD.`password_hash` IS NOT NULL),
      `otp_user_count` = `otp_user_count` + (NEW.`otp_auth_enabled` <> 0) - (OLD.`otp_auth_enabled` <> 0)
    WHERE `project_id` = NEW.`project_id`;
END;
