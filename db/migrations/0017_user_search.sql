-- Written by hand (drizzle-kit does not manage virtual tables or triggers): a trigram index of
-- each user's folded display name and email addresses, so `GET /users?query=` finds a substring
-- of three characters or more with an index lookup instead of reading every user. Two columns,
-- so a search cannot match across the name and the addresses. The index's rows are numbered by
-- `user_search_keys`, whose INTEGER PRIMARY KEY survives VACUUM (and so backups), unlike the
-- implicit rowid of `users`.
CREATE TABLE `user_search_keys` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` text NOT NULL UNIQUE REFERENCES `users`(`id`) ON DELETE cascade
);--> statement-breakpoint
CREATE VIRTUAL TABLE `user_search` USING fts5(`name`, `emails`, tokenize = 'trigram');--> statement-breakpoint
INSERT INTO `user_search_keys` (`user_id`) SELECT `id` FROM `users` ORDER BY `rowid`;--> statement-breakpoint
INSERT INTO `user_search` (`rowid`, `name`, `emails`)
  SELECT `k`.`id`, coalesce(`u`.`display_name_folded`, ''),
    coalesce((SELECT group_concat(`value_folded`, char(10)) FROM `contact_channels` WHERE `user_id` = `u`.`id`), '')
  FROM `user_search_keys` `k` JOIN `users` `u` ON `u`.`id` = `k`.`user_id`;--> statement-breakpoint
CREATE TRIGGER `user_search_on_user_insert` AFTER INSERT ON `users` BEGIN
  INSERT INTO `user_search_keys` (`user_id`) VALUES (NEW.`id`);
  INSERT INTO `user_search` (`rowid`, `name`, `emails`) VALUES (last_insert_rowid(), coalesce(NEW.`display_name_folded`, ''), '');
END;--> statement-breakpoint
CREATE TRIGGER `user_search_on_user_delete` BEFORE DELETE ON `users` BEGIN
  DELETE FROM `user_search` WHERE `rowid` = (SELECT `id` FROM `user_search_keys` WHERE `user_id` = OLD.`id`);
END;--> statement-breakpoint
CREATE TRIGGER `user_search_on_name_change` AFTER UPDATE OF `display_name_folded` ON `users` BEGIN
  UPDATE `user_search` SET `name` = coalesce(NEW.`display_name_folded`, '')
    WHERE `rowid` = (SELECT `id` FROM `user_search_keys` WHERE `user_id` = NEW.`id`);
END;--> statement-breakpoint
CREATE TRIGGER `user_search_on_channel_insert` AFTER INSERT ON `contact_channels` BEGIN
  UPDATE `user_search` SET `emails` =
    coalesce((SELECT group_concat(`value_folded`, char(10)) FROM `contact_channels` WHERE `user_id` = NEW.`user_id`), '')
    WHERE `rowid` = (SELECT `id` FROM `user_search_keys` WHERE `user_id` = NEW.`user_id`);
END;--> statement-breakpoint
CREATE TRIGGER `user_search_on_channel_update` AFTER UPDATE OF `value_folded` ON `contact_channels` BEGIN
  UPDATE `user_search` SET `emails` =
    coalesce((SELECT group_concat(`value_folded`, char(10)) FROM `contact_channels` WHERE `user_id` = NEW.`user_id`), '')
    WHERE `rowid` = (SELECT `id` FROM `user_search_keys` WHERE `user_id` = NEW.`user_id`);
END;--> statement-breakpoint
CREATE TRIGGER `user_search_on_channel_delete` AFTER DELETE ON `contact_channels` BEGIN
  UPDATE `user_search` SET `emails` =
    coalesce((SELECT group_concat(`value_folded`, char(10)) FROM `contact_channels` WHERE `user_id` = OLD.`user_id`), '')
    WHERE `rowid` = (SELECT `id` FROM `user_search_keys` WHERE `user_id` = OLD.`user_id`);
END;
