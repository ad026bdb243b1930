-- Written by hand (drizzle-kit does not manage virtual tables or triggers): one search index in
-- place of 0017's trigram table, holding every 3-character and every 6-character gram of each
-- user's folded display name and of each folded email. A search costs in proportion to the rows
-- holding the query's rarest gram: for a query of six characters or more that is a 6-gram, rare
-- enough that a search for one user's name or address reads about as many rows as it finds,
-- where its rarest trigram is held by thousands of rows in a large table. Queries of three to
-- five characters use the trigrams, as before (server/core/users/user-search.ts).
--
-- FTS5 has no n-gram tokenizer but trigram, so each gram is written as one token: 't' or 's'
-- (three or six characters) and the hex of its UTF-8 bytes, which the ascii tokenizer keeps
-- whole. A token holds no position and the table no text (detail=none, contentless): a query of
-- several grams gets candidates, and keeps those whose name or an email holds the typed text
-- (instr), so it answers exactly what a scan would. This is also what keeps it cheap to write:
-- 0017's table stored each user's text and every trigram's positions, and was rewritten at each
-- email added; this one, written at a sign-up, is only added to.
--
-- A user has up to two rows, numbered from `user_search_keys` (whose ids survive VACUUM): 2 × id
-- for the name's grams, 2 × id + 1 for the grams of all the user's emails. Kept apart, a sign-up
-- (a user, then an email) only adds rows: rewriting a row FTS5 has just been given makes it write
-- out what it holds first. A row exists only when it has grams (a text of three characters or
-- more).
--
-- A text's grams start at each of its first length − 2 characters; json_each over an array of
-- that many zeros numbers them (`key` 0, 1, …). A recursive CTE says the same at twice the cost
-- (32 µs for an email, against 16), which a sign-up pays for its email and its name.
DROP TRIGGER `user_search_on_user_insert`;--> statement-breakpoint
DROP TRIGGER `user_search_on_user_delete`;--> statement-breakpoint
DROP TRIGGER `user_search_on_name_change`;--> statement-breakpoint
DROP TRIGGER `user_search_on_channel_insert`;--> statement-breakpoint
DROP TRIGGER `user_search_on_channel_update`;--> statement-breakpoint
DROP TRIGGER `user_search_on_channel_delete`;--> statement-breakpoint
DROP TABLE `user_search`;--> statement-breakpoint
CREATE VIRTUAL TABLE `user_search_grams` USING fts5(`grams`, content = '', contentless_delete = 1, detail = none, tokenize = 'ascii');--> statement-breakpoint
INSERT INTO `user_search_grams` (`rowid`, `grams`)
  SELECT 2 * `k`.`id`, (SELECT group_concat('t' || hex(substr(`u`.`display_name_folded`, `key` + 1, 3)) || iif(`key` < length(`u`.`display_name_folded`) - 5, ' s' || hex(substr(`u`.`display_name_folded`, `key` + 1, 6)), ''), ' ')
      FROM json_each('[' || substr(replace(hex(zeroblob(length(`u`.`display_name_folded`) - 2)), '00', ',0'), 2) || ']'))
  FROM `user_search_keys` `k` JOIN `users` `u` ON `u`.`id` = `k`.`user_id`
  WHERE length(`u`.`display_name_folded`) >= 3;--> statement-breakpoint
INSERT INTO `user_search_grams` (`rowid`, `grams`)
  SELECT 2 * `k`.`id` + 1, (SELECT group_concat('t' || hex(substr(`c`.`value_folded`, `key` + 1, 3)) || iif(`key` < length(`c`.`value_folded`) - 5, ' s' || hex(substr(`c`.`value_folded`, `key` + 1, 6)), ''), ' ')
      FROM `contact_channels` `c`, json_each('[' || substr(replace(hex(zeroblob(length(`c`.`value_folded`) - 2)), '00', ',0'), 2) || ']')
      WHERE `c`.`user_id` = `k`.`user_id` AND length(`c`.`value_folded`) >= 3) AS `grams`
  FROM `user_search_keys` `k`
  WHERE `grams` IS NOT NULL;--> statement-breakpoint
CREATE TRIGGER `user_search_on_user_insert` AFTER INSERT ON `users` BEGIN
  INSERT INTO `user_search_keys` (`user_id`) VALUES (NEW.`id`);
  INSERT INTO `user_search_grams` (`rowid`, `grams`)
    SELECT 2 * `id`, (SELECT group_concat('t' || hex(substr(NEW.`display_name_folded`, `key` + 1, 3)) || iif(`key` < length(NEW.`display_name_folded`) - 5, ' s' || hex(substr(NEW.`display_name_folded`, `key` + 1, 6)), ''), ' ')
      FROM json_each('[' || substr(replace(hex(zeroblob(length(NEW.`display_name_folded`) - 2)), '00', ',0'), 2) || ']'))
    FROM `user_search_keys` WHERE `user_id` = NEW.`id` AND length(NEW.`display_name_folded`) >= 3;
END;--> statement-breakpoint
CREATE TRIGGER `user_search_on_user_delete` BEFORE DELETE ON `users` BEGIN
  DELETE FROM `user_search_grams` WHERE `rowid` = 2 * (SELECT `id` FROM `user_search_keys` WHERE `user_id` = OLD.`id`);
  DELETE FROM `user_search_grams` WHERE `rowid` = 2 * (SELECT `id` FROM `user_search_keys` WHERE `user_id` = OLD.`id`) + 1;
END;--> statement-breakpoint
-- Only a changed name rewrites the row: an update that sets the same name again leaves it.
CREATE TRIGGER `user_search_on_name_change` AFTER UPDATE OF `display_name_folded` ON `users`
  WHEN OLD.`display_name_folded` IS NOT NEW.`display_name_folded` BEGIN
  DELETE FROM `user_search_grams` WHERE `rowid` = 2 * (SELECT `id` FROM `user_search_keys` WHERE `user_id` = NEW.`id`);
  INSERT INTO `user_search_grams` (`rowid`, `grams`)
    SELECT 2 * `id`, (SELECT group_concat('t' || hex(substr(NEW.`display_name_folded`, `key` + 1, 3)) || iif(`key` < length(NEW.`display_name_folded`) - 5, ' s' || hex(substr(NEW.`display_name_folded`, `key` + 1, 6)), ''), ' ')
      FROM json_each('[' || substr(replace(hex(zeroblob(length(NEW.`display_name_folded`) - 2)), '00', ',0'), 2) || ']'))
    FROM `user_search_keys` WHERE `user_id` = NEW.`id` AND length(NEW.`display_name_folded`) >= 3;
END;--> statement-breakpoint
-- The emails' row is written again from the user's channels as they are after the change. A
-- user's first channel (every sign-up's) has no row to delete, and skips the delete.
CREATE TRIGGER `user_search_on_channel_insert` AFTER INSERT ON `contact_channels` BEGIN
  DELETE FROM `user_search_grams` WHERE `rowid` = 2 * (SELECT `id` FROM `user_search_keys` WHERE `user_id` = NEW.`user_id`) + 1 AND EXISTS (SELECT 1 FROM `contact_channels` WHERE `user_id` = NEW.`user_id` AND `id` <> NEW.`id`);
  INSERT INTO `user_search_grams` (`rowid`, `grams`)
    SELECT 2 * `k`.`id` + 1, (SELECT group_concat('t' || hex(substr(`c`.`value_folded`, `key` + 1, 3)) || iif(`key` < length(`c`.`value_folded`) - 5, ' s' || hex(substr(`c`.`value_folded`, `key` + 1, 6)), ''), ' ')
      FROM `contact_channels` `c`, json_each('[' || substr(replace(hex(zeroblob(length(`c`.`value_folded`) - 2)), '00', ',0'), 2) || ']')
      WHERE `c`.`user_id` = NEW.`user_id` AND length(`c`.`value_folded`) >= 3) AS `grams`
    FROM `user_search_keys` `k`
    WHERE `k`.`user_id` = NEW.`user_id` AND `grams` IS NOT NULL;
END;--> statement-breakpoint
CREATE TRIGGER `user_search_on_channel_update` AFTER UPDATE OF `value_folded` ON `contact_channels`
  WHEN OLD.`value_folded` IS NOT NEW.`value_folded` BEGIN
  DELETE FROM `user_search_grams` WHERE `rowid` = 2 * (SELECT `id` FROM `user_search_keys` WHERE `user_id` = NEW.`user_id`) + 1;
  INSERT INTO `user_search_grams` (`rowid`, `grams`)
    SELECT 2 * `k`.`id` + 1, (SELECT group_concat('t' || hex(substr(`c`.`value_folded`, `key` + 1, 3)) || iif(`key` < length(`c`.`value_folded`) - 5, ' s' || hex(substr(`c`.`value_folded`, `key` + 1, 6)), ''), ' ')
      FROM `contact_channels` `c`, json_each('[' || substr(replace(hex(zeroblob(length(`c`.`value_folded`) - 2)), '00', ',0'), 2) || ']')
      WHERE `c`.`user_id` = NEW.`user_id` AND length(`c`.`value_folded`) >= 3) AS `grams`
    FROM `user_search_keys` `k`
    WHERE `k`.`user_id` = NEW.`user_id` AND `grams` IS NOT NULL;
END;--> statement-breakpoint
-- Joined with `users`, so that when a user is deleted, the deletes of their channels (ON DELETE
-- CASCADE, each firing this trigger) cannot write the row again, whatever order SQLite runs the
-- cascades in.
CREATE TRIGGER `user_search_on_channel_delete` AFTER DELETE ON `contact_channels` BEGIN
  DELETE FROM `user_search_grams` WHERE `rowid` = 2 * (SELECT `id` FROM `user_search_keys` WHERE `user_id` = OLD.`user_id`) + 1;
  INSERT INTO `user_search_grams` (`rowid`, `grams`)
    SELECT 2 * `k`.`id` + 1, (SELECT group_concat('t' || hex(substr(`c`.`value_folded`, `key` + 1, 3)) || iif(`key` < length(`c`.`value_folded`) - 5, ' s' || hex(substr(`c`.`value_folded`, `key` + 1, 6)), ''), ' ')
      FROM `contact_channels` `c`, json_each('[' || substr(replace(hex(zeroblob(length(`c`.`value_folded`) - 2)), '00', ',0'), 2) || ']')
      WHERE `c`.`user_id` = OLD.`user_id` AND length(`c`.`value_folded`) >= 3) AS `grams`
    FROM `user_search_keys` `k` JOIN `users` `u` ON `u`.`id` = `k`.`user_id`
    WHERE `k`.`user_id` = OLD.`user_id` AND `grams` IS NOT NULL;
END;
