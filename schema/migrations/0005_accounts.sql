CREATE TABLE `account_tokens` (
	`token_hash` text PRIMARY KEY NOT NULL,
	`website_id` text NOT NULL,
	`purpose` text NOT NULL,
	`site_user_id` text,
	`email` text NOT NULL,
	`roles` text,
	`created_by` text,
	`created_on` integer NOT NULL,
	`expires_on` integer NOT NULL,
	`used_on` integer,
	FOREIGN KEY (`website_id`) REFERENCES `websites`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`site_user_id`) REFERENCES `site_users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `account_tokens_website_purpose_idx` ON `account_tokens` (`website_id`,`purpose`,`email`);--> statement-breakpoint
CREATE TABLE `contributors` (
	`website_id` text NOT NULL,
	`site_user_id` text NOT NULL,
	`roles` text NOT NULL,
	`invited_by` text,
	`created_on` integer NOT NULL,
	PRIMARY KEY(`website_id`, `site_user_id`),
	FOREIGN KEY (`website_id`) REFERENCES `websites`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`site_user_id`) REFERENCES `site_users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `mail_outbox` (
	`id` text PRIMARY KEY NOT NULL,
	`website_id` text NOT NULL,
	`kind` text NOT NULL,
	`to_address` text NOT NULL,
	`subject` text NOT NULL,
	`text_body` text NOT NULL,
	`html_body` text,
	`status` text DEFAULT 'queued' NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`created_on` integer NOT NULL,
	`sent_on` integer,
	FOREIGN KEY (`website_id`) REFERENCES `websites`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `mail_outbox_website_created_idx` ON `mail_outbox` (`website_id`,`created_on`);--> statement-breakpoint
CREATE INDEX `mail_outbox_status_idx` ON `mail_outbox` (`status`);--> statement-breakpoint
CREATE TABLE `site_sessions` (
	`token_hash` text PRIMARY KEY NOT NULL,
	`site_user_id` text NOT NULL,
	`website_id` text NOT NULL,
	`remember_me` integer NOT NULL,
	`created_on` integer NOT NULL,
	`expires_on` integer NOT NULL,
	FOREIGN KEY (`site_user_id`) REFERENCES `site_users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`website_id`) REFERENCES `websites`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `site_sessions_user_idx` ON `site_sessions` (`site_user_id`);--> statement-breakpoint
CREATE INDEX `site_sessions_expires_idx` ON `site_sessions` (`expires_on`);--> statement-breakpoint
CREATE TABLE `site_users` (
	`id` text PRIMARY KEY NOT NULL,
	`website_id` text NOT NULL,
	`email` text NOT NULL,
	`password_hash` text NOT NULL,
	`email_verified_on` integer,
	`language` text,
	`created_on` integer NOT NULL,
	`updated_on` integer NOT NULL,
	FOREIGN KEY (`website_id`) REFERENCES `websites`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `site_users_website_email_uq` ON `site_users` (`website_id`,`email`);