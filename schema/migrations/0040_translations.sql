CREATE TABLE `translations` (
	`website_id` text NOT NULL,
	`kind` text NOT NULL,
	`entity_id` text NOT NULL,
	`field_key` text NOT NULL,
	`language` text NOT NULL,
	`text` text NOT NULL,
	`status` text DEFAULT 'draft' NOT NULL,
	`updated_on` integer NOT NULL,
	FOREIGN KEY (`website_id`) REFERENCES `websites`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `translations_entry_uq` ON `translations` (`website_id`,`kind`,`entity_id`,`field_key`,`language`);--> statement-breakpoint
CREATE INDEX `translations_language_idx` ON `translations` (`website_id`,`language`,`status`);--> statement-breakpoint
ALTER TABLE `multilingual_settings` ADD `enabled` integer DEFAULT true NOT NULL;