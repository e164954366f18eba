CREATE TABLE `sign_in_devices` (
	`token_hash` text PRIMARY KEY NOT NULL,
	`site_user_id` text NOT NULL,
	`created_on` integer NOT NULL,
	FOREIGN KEY (`site_user_id`) REFERENCES `site_users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `sign_in_devices_user_idx` ON `sign_in_devices` (`site_user_id`);--> statement-breakpoint
ALTER TABLE `mailing_list_subscribers` ADD `confirm_mailed_on` integer;--> statement-breakpoint
ALTER TABLE `reviews` ADD `request_line` text;--> statement-breakpoint
CREATE UNIQUE INDEX `reviews_request_line_uq` ON `reviews` (`website_id`,`item_id`,`request_line`);