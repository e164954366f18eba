CREATE TABLE `cart_entries` (
	`id` text PRIMARY KEY NOT NULL,
	`cart_id` text NOT NULL,
	`website_id` text NOT NULL,
	`item_id` text NOT NULL,
	`sku` text,
	`variant_id` text,
	`line_key` text NOT NULL,
	`additional_fields` text,
	`quantity` integer NOT NULL,
	`unit_price_cents` integer NOT NULL,
	`currency` text NOT NULL,
	`added_on` integer NOT NULL,
	`updated_on` integer NOT NULL,
	FOREIGN KEY (`cart_id`) REFERENCES `carts`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`item_id`) REFERENCES `items`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "cart_entries_quantity_ck" CHECK("cart_entries"."quantity" BETWEEN 1 AND 9999)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `cart_entries_cart_line_uq` ON `cart_entries` (`cart_id`,`line_key`);--> statement-breakpoint
CREATE TABLE `carts` (
	`id` text PRIMARY KEY NOT NULL,
	`website_id` text NOT NULL,
	`token_hash` text NOT NULL,
	`kind` text DEFAULT 'shopping' NOT NULL,
	`created_on` integer NOT NULL,
	`updated_on` integer NOT NULL,
	`expires_on` integer NOT NULL,
	`is_purchased` integer DEFAULT false NOT NULL,
	`order_id` text,
	`shipping_location` text,
	`coupons` text DEFAULT '[]' NOT NULL,
	`subscription_plan_id` text,
	FOREIGN KEY (`website_id`) REFERENCES `websites`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `carts_token_hash_uq` ON `carts` (`token_hash`);--> statement-breakpoint
CREATE INDEX `carts_expires_idx` ON `carts` (`expires_on`);--> statement-breakpoint
CREATE TABLE `stock_holds` (
	`entry_id` text PRIMARY KEY NOT NULL,
	`cart_id` text NOT NULL,
	`website_id` text NOT NULL,
	`variant_id` text NOT NULL,
	`quantity` integer NOT NULL,
	`expires_on` integer NOT NULL,
	`request_id` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `stock_holds_variant_expires_idx` ON `stock_holds` (`variant_id`,`expires_on`);--> statement-breakpoint
CREATE INDEX `stock_holds_cart_idx` ON `stock_holds` (`cart_id`);