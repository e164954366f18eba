CREATE TABLE `gift_card_redemptions` (
	`attempt_id` text PRIMARY KEY NOT NULL,
	`website_id` text NOT NULL,
	`gift_card_id` text NOT NULL,
	`order_id` text,
	`amount_cents` integer NOT NULL,
	`created_on` integer NOT NULL,
	FOREIGN KEY (`gift_card_id`) REFERENCES `gift_cards`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "gift_card_redemptions_amount_ck" CHECK("gift_card_redemptions"."amount_cents" > 0)
);
--> statement-breakpoint
CREATE INDEX `gift_card_redemptions_card_idx` ON `gift_card_redemptions` (`gift_card_id`);--> statement-breakpoint
CREATE TABLE `download_grants` (
	`id` text PRIMARY KEY NOT NULL,
	`website_id` text NOT NULL,
	`order_id` text NOT NULL,
	`item_id` text NOT NULL,
	`asset_id` text NOT NULL,
	`product_name` text NOT NULL,
	`downloads` integer DEFAULT 0 NOT NULL,
	`max_downloads` integer,
	`expires_on` integer NOT NULL,
	`created_on` integer NOT NULL,
	FOREIGN KEY (`website_id`) REFERENCES `websites`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`order_id`) REFERENCES `orders`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`asset_id`) REFERENCES `assets`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `download_grants_order_idx` ON `download_grants` (`order_id`);--> statement-breakpoint
ALTER TABLE `gift_cards` ADD `code_last4` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `orders` ADD `gift_card_cents` integer DEFAULT 0 NOT NULL;