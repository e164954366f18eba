CREATE TABLE `mailing_list_subscribers` (
	`id` text PRIMARY KEY NOT NULL,
	`website_id` text NOT NULL,
	`list_id` text NOT NULL,
	`email` text NOT NULL,
	`status` text NOT NULL,
	`confirm_token_hash` text NOT NULL,
	`created_on` integer NOT NULL,
	`confirmed_on` integer,
	`unsubscribed_on` integer,
	FOREIGN KEY (`website_id`) REFERENCES `websites`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`list_id`) REFERENCES `mailing_lists`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `mailing_list_subscribers_list_email_idx` ON `mailing_list_subscribers` (`list_id`,`email`);--> statement-breakpoint
CREATE UNIQUE INDEX `mailing_list_subscribers_confirm_idx` ON `mailing_list_subscribers` (`confirm_token_hash`);--> statement-breakpoint
CREATE TABLE `mailing_lists` (
	`id` text PRIMARY KEY NOT NULL,
	`website_id` text NOT NULL,
	`name` text NOT NULL,
	`signing_key` text,
	`created_on` integer NOT NULL,
	FOREIGN KEY (`website_id`) REFERENCES `websites`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `mailing_lists_website_idx` ON `mailing_lists` (`website_id`);--> statement-breakpoint
CREATE TABLE `form_keys` (
	`key_hash` text PRIMARY KEY NOT NULL,
	`website_id` text NOT NULL,
	`visitor_hash` text NOT NULL,
	`issued_on` integer NOT NULL,
	`expires_on` integer NOT NULL,
	`used_on` integer,
	FOREIGN KEY (`website_id`) REFERENCES `websites`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `form_keys_expires_idx` ON `form_keys` (`expires_on`);--> statement-breakpoint
CREATE TABLE `form_submissions` (
	`id` text PRIMARY KEY NOT NULL,
	`website_id` text NOT NULL,
	`form_id` text NOT NULL,
	`key_hash` text NOT NULL,
	`values` text NOT NULL,
	`search_text` text NOT NULL,
	`page_title` text,
	`page_id` text,
	`content_source` text,
	`page_path` text,
	`page_permission_type_value` integer,
	`status` text NOT NULL,
	`held_reason` text,
	`created_on` integer NOT NULL,
	FOREIGN KEY (`website_id`) REFERENCES `websites`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`form_id`) REFERENCES `forms`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `form_submissions_key_idx` ON `form_submissions` (`key_hash`);--> statement-breakpoint
CREATE INDEX `form_submissions_form_idx` ON `form_submissions` (`website_id`,`form_id`,`created_on`);--> statement-breakpoint
CREATE TABLE `restock_signups` (
	`id` text PRIMARY KEY NOT NULL,
	`website_id` text NOT NULL,
	`product_id` text NOT NULL,
	`variant_id` text NOT NULL,
	`email` text NOT NULL,
	`language` text,
	`join_mailing_list` integer DEFAULT false NOT NULL,
	`created_on` integer NOT NULL,
	`sent_on` integer,
	FOREIGN KEY (`website_id`) REFERENCES `websites`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `restock_signups_variant_email_idx` ON `restock_signups` (`website_id`,`variant_id`,`email`);--> statement-breakpoint
CREATE INDEX `restock_signups_product_idx` ON `restock_signups` (`website_id`,`product_id`,`variant_id`,`created_on`);--> statement-breakpoint
ALTER TABLE `forms` ADD `notify_email` text;--> statement-breakpoint
ALTER TABLE `forms` ADD `mailing_list_id` text REFERENCES mailing_lists(id);--> statement-breakpoint
ALTER TABLE `forms` ADD `post_submit_html` text;