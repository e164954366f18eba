ALTER TABLE `websites` ADD `subscription_state` integer DEFAULT 8 NOT NULL;--> statement-breakpoint
ALTER TABLE `websites` ADD `plan` text DEFAULT 'commerce' NOT NULL;--> statement-breakpoint
ALTER TABLE `websites` ADD `trial_ends_on` integer;--> statement-breakpoint
ALTER TABLE `websites` ADD `site_type` text DEFAULT 'site' NOT NULL;--> statement-breakpoint
ALTER TABLE `websites` ADD `billing_reference` text;--> statement-breakpoint
CREATE INDEX `websites_trial_idx` ON `websites` (`subscription_state`,`trial_ends_on`);