CREATE TABLE `daily_sign_up_counts` (
	`project_id` text NOT NULL,
	`day` integer NOT NULL,
	`sign_ups` integer NOT NULL,
	PRIMARY KEY(`project_id`, `day`),
	FOREIGN KEY (`project_id`) REFERENCES `projects`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
-- Written by hand (drizzle-kit does not manage triggers): the counts start from the users there
-- are, then every insert and delete of a user keeps them right. A day's figure is the users
-- who signed up that day and still exist, which is what counting the users table gave.
-- 86400000 is a UTC day in milliseconds (signed_up_at is milliseconds since the epoch).
INSERT INTO `daily_sign_up_counts` (`project_id`, `day`, `sign_ups`)
  SELECT `project_id`, `signed_up_at` / 86400000, count(*) FROM `users` GROUP BY `project_id`, `signed_up_at` / 86400000;--> statement-breakpoint
CREATE TRIGGER `daily_sign_ups_on_user_insert` AFTER INSERT ON `users` BEGIN
  INSERT INTO `daily_sign_up_counts` (`project_id`, `day`, `sign_ups`)
    VALUES (NEW.`project_id`, NEW.`signed_up_at` / 86400000, 1)
    ON CONFLICT (`project_id`, `day`) DO UPDATE SET `sign_ups` = `sign_ups` + 1;
END;--> statement-breakpoint
CREATE TRIGGER `daily_sign_ups_on_user_delete` AFTER DELETE ON `users` BEGIN
  UPDATE `daily_sign_up_counts` SET `sign_ups` = `sign_ups` - 1
    WHERE `project_id` = OLD.`project_id` AND `day` = OLD.`signed_up_at` / 86400000;
END;--> statement-breakpoint
-- No code changes signed_up_at after the insert; if anything ever does, the count moves with it.
CREATE TRIGGER `daily_sign_ups_on_sign_up_time_change` AFTER UPDATE OF `signed_up_at` ON `users`
  WHEN OLD.`signed_up_at` / 86400000 <> NEW.`signed_up_at` / 86400000 BEGIN
  UPDATE `daily_sign_up_counts` SET `sign_ups` = `sign_ups` - 1
    WHERE `project_id` = OLD.`project_id` AND `day` = OLD.`signed_up_at` / 86400000;
  INSERT INTO `daily_sign_up_counts` (`project_id`, `day`, `sign_ups`)
    VALUES (NEW.`project_id`, NEW.`signed_up_at` / 86400000, 1)
    ON CONFLICT (`project_id`, `day`) DO UPDATE SET `sign_ups` = `sign_ups` + 1;
END;
