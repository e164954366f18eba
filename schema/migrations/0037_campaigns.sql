CREATE TABLE `campaign_recipients` (
	`campaign_id` text NOT NULL,
	`subscriber_id` text NOT NULL,
	`email` text NOT NULL,
	`state` text NOT NULL,
	`mail_id` text,
	`queued_on` integer,
	`clicks` integer DEFAULT 0 NOT NULL,
	`opened_on` integer,
	FOREIGN KEY (`campaign_id`) REFERENCES `campaigns`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`subscriber_id`) REFERENCES `mailing_list_subscribers`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `campaign_recipients_uq` ON `campaign_recipients` (`campaign_id`,`subscriber_id`);--> statement-breakpoint
CREATE INDEX `campaign_recipients_state_idx` ON `campaign_recipients` (`campaign_id`,`state`);--> statement-breakpoint
CREATE TABLE `campaigns` (
	`id` text PRIMARY KEY NOT NULL,
	`website_id` text NOT NULL,
	`list_id` text,
	`subject` text NOT NULL,
	`body_doc` text NOT NULL,
	`body_html` text NOT NULL,
	`state` text NOT NULL,
	`scheduled_for` integer,
	`origin` text,
	`version` integer NOT NULL,
	`created_on` integer NOT NULL,
	`updated_on` integer NOT NULL,
	`expanded_on` integer,
	`sent_on` integer,
	`recipient_count` integer DEFAULT 0 NOT NULL,
	`sent_count` integer DEFAULT 0 NOT NULL,
	`click_count` integer DEFAULT 0 NOT NULL,
	`open_count` integer DEFAULT 0 NOT NULL,
	FOREIGN KEY (`website_id`) REFERENCES `websites`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`list_id`) REFERENCES `mailing_lists`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `campaigns_website_idx` ON `campaigns` (`website_id`,`created_on`);--> statement-breakpoint
CREATE INDEX `campaigns_state_idx` ON `campaigns` (`state`);--> statement-breakpoint
ALTER TABLE `mail_outbox` ADD `list_unsubscribe` text;