CREATE TABLE `account_carts` (
	`website_id` text NOT NULL,
	`site_user_id` text NOT NULL,
	`cart_id` text NOT NULL,
	`updated_on` integer NOT NULL,
	PRIMARY KEY(`website_id`, `site_user_id`),
	FOREIGN KEY (`website_id`) REFERENCES `websites`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`site_user_id`) REFERENCES `site_users`(`id`) ON UPDATE no action ON DELETE cascade
);
