CREATE TABLE `owner_views` (
	`id` text PRIMARY KEY NOT NULL,
	`website_id` text NOT NULL,
	`site_user_id` text NOT NULL,
	`screen` text NOT NULL,
	`name` text NOT NULL,
	`state` text NOT NULL,
	`created_on` integer NOT NULL,
	`updated_on` integer NOT NULL,
	FOREIGN KEY (`website_id`) REFERENCES `websites`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`site_user_id`) REFERENCES `site_users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `owner_views_user_screen_name_uq` ON `owner_views` (`site_user_id`,`screen`,`name`);--> statement-breakpoint
CREATE INDEX `owner_views_site_idx` ON `owner_views` (`website_id`);--> statement-breakpoint
CREATE INDEX `orders_site_total_idx` ON `orders` (`website_id`,`grand_total_cents`,`order_number`);--> statement-breakpoint
CREATE INDEX `orders_site_status_number_idx` ON `orders` (`website_id`,`status`,`order_number`);