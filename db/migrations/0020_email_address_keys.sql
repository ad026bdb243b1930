-- Written by hand: email addresses are compared by a key (ASCII letters lower-cased, as
-- server/protocol/email-address-key.ts computes it; SQLite's lower() folds only A–Z, the same).
-- Sign-in addresses must be unique per project by key. Existing sign-in addresses that differ
-- only in case are not merged: the oldest keeps the key's uniqueness, each later one is flagged
-- `key_clash` (left out of the unique index), keeps signing in with the address as typed, and
-- is reported by `serve` at every start until an admin changes one of them.
ALTER TABLE `contact_channels` ADD `value_key` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `contact_channels` ADD `key_clash` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
UPDATE `contact_channels` SET `value_key` = lower(`value`);--> statement-breakpoint
UPDATE `contact_channels` SET `key_clash` = 1 WHERE `id` IN (
  SELECT `id` FROM (
    SELECT `id`, row_number() OVER (PARTITION BY `project_id`, `type`, `value_key` ORDER BY `created_at`, `id`) AS `rank`
    FROM `contact_channels` WHERE `used_for_auth` = 1
  ) WHERE `rank` > 1
);--> statement-breakpoint
DROP INDEX `contact_channels_auth_value_idx`;--> statement-breakpoint
DROP INDEX `contact_channels_project_value_idx`;--> statement-breakpoint
CREATE UNIQUE INDEX `contact_channels_auth_key_idx` ON `contact_channels` (`project_id`,`type`,`value_key`) WHERE used_for_auth = 1 AND NOT key_clash;--> statement-breakpoint
CREATE INDEX `contact_channels_project_key_idx` ON `contact_channels` (`project_id`,`value_key`);
--> statement-breakpoint
-- A project setting: only an account holding the invited address (verified) may accept a team
-- invitation. Off by default, as before.
ALTER TABLE `projects` ADD `team_invitation_requires_matching_email` integer DEFAULT false NOT NULL;
