-- Written by hand (drizzle-kit does not manage virtual tables or triggers): a second search index
-- beside 0017's trigrams, of every 6-character gram of each user's folded display name and of
-- each folded email. A trigram search costs in proportion to the rows holding the query's rarest
-- trigram, and in a large table every trigram is held by thousands of rows; a 6-gram is rare
-- enough that a search for one user's name or address reads about as many rows as it finds.
-- Queries of six characters or more use it (server/core/users/users.ts), shorter ones keep the
-- trigram index.
--
-- FTS5 has no n-gram tokenizer but trigram, so each gram is written as one token: the hex of its
-- UTF-8 bytes, which the ascii tokenizer keeps whole. A token holds no position and no text
-- (detail=none, contentless): the index only proposes users, and the query keeps those whose
-- name or an email holds the typed text (instr), so it answers exactly what a scan would.
--
-- A user has up to two rows, numbered from `user_search_keys` (whose ids survive VACUUM): 2 × id
-- for the name's grams, 2 × id + 1 for the grams of all the user's emails. Keeping them apart
-- lets a sign-up (a user, then an email) only add rows: rewriting a row FTS5 has just been given
-- makes it write out what it holds first, which is most of the cost of an index write. A row
-- exists only when it has grams (a name or an email of six characters or more).
CREATE VIRTUAL TABLE `user_search_grams` USING fts5(`grams`, content = '', contentless_delete = 1, detail = none, tokenize = 'ascii');--> statement-breakpoint
INSERT INTO `user_search_grams` (`rowid`, `grams`)
  SELECT 2 * `k`.`id`, (WITH RECURSIVE `at` (`text`, `i`) AS (
      SELECT `u`.`display_name_folded`, 1
      UNION ALL SELECT `text`, `i` + 1 FROM `at` WHERE `i` <= length(`text`) - 6)
    SELECT group_concat(hex(substr(`text`, `i`, 6)), ' ') FROM `at`)
  FROM `user_search_keys` `k` JOIN `users` `u` ON `u`.`id` = `k`.`user_id`
  WHERE length(`u`.`display_name_folded`) >= 6;--> statement-breakpoint
INSERT INTO `user_search_grams` (`rowid`, `grams`)
  SELECT 2 * `k`.`id` + 1, (WITH RECURSIVE `at` (`text`, `i`) AS (
      SELECT `value_folded`, 1 FROM `contact_channels` WHERE `user_id` = `k`.`user_id` AND length(`value_folded`) >= 6
      UNION ALL SELECT `text`, `i` + 1 FROM `at` WHERE `i` <= length(`text`) - 6)
    SELECT group_concat(hex(substr(`text`, `i`, 6)), ' ') FROM `at`) AS `grams`
  FROM `user_search_keys` `k`
  WHERE `grams` IS NOT NULL;--> statement-breakpoint
-- The triggers of 0017, each now keeping both indexes (one trigger per event, so the order in
-- which SQLite fires triggers cannot matter). A rewritten row is deleted and inserted again; the
-- delete of a row that does not exist changes nothing.
DROP TRIGGER `user_search_on_user_insert`;--> statement-breakpoint
CREATE TRIGGER `user_search_on_user_insert` AFTER INSERT ON `users` BEGIN
  INSERT INTO `user_search_keys` (`user_id`) VALUES (NEW.`id`);
  INSERT INTO `user_search` (`rowid`, `name`, `emails`) VALUES (last_insert_rowid(), coalesce(NEW.`display_name_folded`, ''), '');
  INSERT INTO `user_search_grams` (`rowid`, `grams`)
    SELECT 2 * `id`, (WITH RECURSIVE `at` (`text`, `i`) AS (
        SELECT NEW.`display_name_folded`, 1
        UNION ALL SELECT `text`, `i` + 1 FROM `at` WHERE `i` <= length(`text`) - 6)
      SELECT group_concat(hex(substr(`text`, `i`, 6)), ' ') FROM `at`)
    FROM `user_search_keys` WHERE `user_id` = NEW.`id` AND length(NEW.`display_name_folded`) >= 6;
END;--> statement-breakpoint
DROP TRIGGER `user_search_on_user_delete`;--> statement-breakpoint
CREATE TRIGGER `user_search_on_user_delete` BEFORE DELETE ON `users` BEGIN
  DELETE FROM `user_search` WHERE `rowid` = (SELECT `id` FROM `user_search_keys` WHERE `user_id` = OLD.`id`);
  DELETE FROM `user_search_grams` WHERE `rowid` = 2 * (SELECT `id` FROM `user_search_keys` WHERE `user_id` = OLD.`id`);
  DELETE FROM `user_search_grams` WHERE `rowid` = 2 * (SELECT `id` FROM `user_search_keys` WHERE `user_id` = OLD.`id`) + 1;
END;--> statement-breakpoint
-- Only a changed name rewrites the rows: an update that sets the same name again leaves them.
DROP TRIGGER `user_search_on_name_change`;--> statement-breakpoint
CREATE TRIGGER `user_search_on_name_change` AFTER UPDATE OF `display_name_folded` ON `users`
  WHEN OLD.`display_name_folded` IS NOT NEW.`display_name_folded` BEGIN
  UPDATE `user_search` SET `name` = coalesce(NEW.`display_name_folded`, '')
    WHERE `rowid` = (SELECT `id` FROM `user_search_keys` WHERE `user_id` = NEW.`id`);
  DELETE FROM `user_search_grams` WHERE `rowid` = 2 * (SELECT `id` FROM `user_search_keys` WHERE `user_id` = NEW.`id`);
  INSERT INTO `user_search_grams` (`rowid`, `grams`)
    SELECT 2 * `id`, (WITH RECURSIVE `at` (`text`, `i`) AS (
        SELECT NEW.`display_name_folded`, 1
        UNION ALL SELECT `text`, `i` + 1 FROM `at` WHERE `i` <= length(`text`) - 6)
      SELECT group_concat(hex(substr(`text`, `i`, 6)), ' ') FROM `at`)
    FROM `user_search_keys` WHERE `user_id` = NEW.`id` AND length(NEW.`display_name_folded`) >= 6;
END;--> statement-breakpoint
-- The email row is rewritten from the user's channels as they are after the change. The join with
-- `users` keeps a user's deletion from writing it again: the user's channels are deleted after the
-- user (ON DELETE CASCADE), and each of those deletes fires the channel trigger.
DROP TRIGGER `user_search_on_channel_insert`;--> statement-breakpoint
CREATE TRIGGER `user_search_on_channel_insert` AFTER INSERT ON `contact_channels` BEGIN
  UPDATE `user_search` SET `emails` =
    coalesce((SELECT group_concat(`value_folded`, char(10)) FROM `contact_channels` WHERE `user_id` = NEW.`user_id`), '')
    WHERE `rowid` = (SELECT `id` FROM `user_search_keys` WHERE `user_id` = NEW.`user_id`);
  DELETE FROM `user_search_grams` WHERE `rowid` = 2 * (SELECT `id` FROM `user_search_keys` WHERE `user_id` = NEW.`user_id`) + 1;
  INSERT INTO `user_search_grams` (`rowid`, `grams`)
    SELECT 2 * `k`.`id` + 1, (WITH RECURSIVE `at` (`text`, `i`) AS (
        SELECT `value_folded`, 1 FROM `contact_channels` WHERE `user_id` = NEW.`user_id` AND length(`value_folded`) >= 6
        UNION ALL SELECT `text`, `i` + 1 FROM `at` WHERE `i` <= length(`text`) - 6)
      SELECT group_concat(hex(substr(`text`, `i`, 6)), ' ') FROM `at`) AS `grams`
    FROM `user_search_keys` `k` JOIN `users` `u` ON `u`.`id` = `k`.`user_id`
    WHERE `k`.`user_id` = NEW.`user_id` AND `grams` IS NOT NULL;
END;--> statement-breakpoint
DROP TRIGGER `user_search_on_channel_update`;--> statement-breakpoint
CREATE TRIGGER `user_search_on_channel_update` AFTER UPDATE OF `value_folded` ON `contact_channels`
  WHEN OLD.`value_folded` IS NOT NEW.`value_folded` BEGIN
  UPDATE `user_search` SET `emails` =
    coalesce((SELECT group_concat(`value_folded`, char(10)) FROM `contact_channels` WHERE `user_id` = NEW.`user_id`), '')
    WHERE `rowid` = (SELECT `id` FROM `user_search_keys` WHERE `user_id` = NEW.`user_id`);
  DELETE FROM `user_search_grams` WHERE `rowid` = 2 * (SELECT `id` FROM `user_search_keys` WHERE `user_id` = NEW.`user_id`) + 1;
  INSERT INTO `user_search_grams` (`rowid`, `grams`)
    SELECT 2 * `k`.`id` + 1, (WITH RECURSIVE `at` (`text`, `i`) AS (
        SELECT `value_folded`, 1 FROM `contact_channels` WHERE `user_id` = NEW.`user_id` AND length(`value_folded`) >= 6
        UNION ALL SELECT `text`, `i` + 1 FROM `at` WHERE `i` <= length(`text`) - 6)
      SELECT group_concat(hex(substr(`text`, `i`, 6)), ' ') FROM `at`) AS `grams`
    FROM `user_search_keys` `k` JOIN `users` `u` ON `u`.`id` = `k`.`user_id`
    WHERE `k`.`user_id` = NEW.`user_id` AND `grams` IS NOT NULL;
END;--> statement-breakpoint
DROP TRIGGER `user_search_on_channel_delete`;--> statement-breakpoint
CREATE TRIGGER `user_search_on_channel_delete` AFTER DELETE ON `contact_channels` BEGIN
  UPDATE `user_search` SET `emails` =
    coalesce((SELECT group_concat(`value_folded`, char(10)) FROM `contact_channels` WHERE `user_id` = OLD.`user_id`), '')
    WHERE `rowid` = (SELECT `id` FROM `user_search_keys` WHERE `user_id` = OLD.`user_id`);
  DELETE FROM `user_search_grams` WHERE `rowid` = 2 * (SELECT `id` FROM `user_search_keys` WHERE `user_id` = OLD.`user_id`) + 1;
  INSERT INTO `user_search_grams` (`rowid`, `grams`)
    SELECT 2 * `k`.`id` + 1, (WITH RECURSIVE `at` (`text`, `i`) AS (
        SELECT `value_folded`, 1 FROM `contact_channels` WHERE `user_id` = OLD.`user_id` AND length(`value_folded`) >= 6
        UNION ALL SELECT `text`, `i` + 1 FROM `at` WHERE `i` <= length(`text`) - 6)
      SELECT group_concat(hex(substr(`text`, `i`, 6)), ' ') FROM `at`) AS `grams`
    FROM `user_search_keys` `k` JOIN `users` `u` ON `u`.`id` = `k`.`user_id`
    WHERE `k`.`user_id` = OLD.`user_id` AND `grams` IS NOT NULL;
END;
