CREATE TABLE `coupon_redemptions` (
	`coupon_id` text NOT NULL,
	`attempt_id` text NOT NULL,
	`email` text NOT NULL,
	`site_user_id` text,
	`created_on` integer NOT NULL,
	FOREIGN KEY (`coupon_id`) REFERENCES `coupons`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `coupon_redemptions_uq` ON `coupon_redemptions` (`coupon_id`,`attempt_id`);--> statement-breakpoint
CREATE INDEX `coupon_redemptions_email_idx` ON `coupon_redemptions` (`coupon_id`,`email`);--> statement-breakpoint
CREATE INDEX `coupon_redemptions_user_idx` ON `coupon_redemptions` (`coupon_id`,`site_user_id`);--> statement-breakpoint
CREATE INDEX `coupon_redemptions_attempt_idx` ON `coupon_redemptions` (`attempt_id`);--> statement-breakpoint
ALTER TABLE `coupons` ADD `category_ids` text;--> statement-breakpoint
ALTER TABLE `coupons` ADD `per_customer_limit` integer;--> statement-breakpoint
ALTER TABLE `coupons` ADD `version` integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE `shipping_zones` ADD `version` integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE `tax_rules` ADD `version` integer DEFAULT 1 NOT NULL;