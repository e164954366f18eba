CREATE TABLE `sign_in_devices` (
	`token_hash` text PRIMARY KEY NOT NULL,
	`site_user_id` text NOT NULL,
	`created_on` integer NOT NULL,
	FOREIGN KEY (`site_user_id`) REFERENCES `site_users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `sign_in_devices_user_idx` ON `sign_in_devices` (`site_user_id`);