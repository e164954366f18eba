CREATE TABLE `coupons` (
	`id` text PRIMARY KEY NOT NULL,
	`website_id` text NOT NULL,
	`code` text NOT NULL,
	`effect` text NOT NULL,
	`min_subtotal_cents` integer,
	`starts_at` integer,
	`ends_at` integer,
	`usage_limit` integer,
	`times_used` integer DEFAULT 0 NOT NULL,
	`product_ids` text,
	FOREIGN KEY (`website_id`) REFERENCES `websites`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "coupons_usage_ck" CHECK("coupons"."usage_limit" IS NULL OR "coupons"."times_used" <= "coupons"."usage_limit")
);
--> statement-breakpoint
CREATE UNIQUE INDEX `coupons_site_code_uq` ON `coupons` (`website_id`,`code`);--> statement-breakpoint
CREATE TABLE `gift_cards` (
	`id` text PRIMARY KEY NOT NULL,
	`website_id` text NOT NULL,
	`code` text NOT NULL,
	`currency` text NOT NULL,
	`initial_cents` integer NOT NULL,
	`balance_cents` integer NOT NULL,
	`order_id` text,
	`created_on` integer NOT NULL,
	FOREIGN KEY (`website_id`) REFERENCES `websites`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "gift_cards_balance_ck" CHECK("gift_cards"."balance_cents" >= 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `gift_cards_site_code_uq` ON `gift_cards` (`website_id`,`code`);--> statement-breakpoint
CREATE TABLE `shipping_zones` (
	`id` text PRIMARY KEY NOT NULL,
	`website_id` text NOT NULL,
	`name` text NOT NULL,
	`countries` text NOT NULL,
	`regions` text,
	`rates` text NOT NULL,
	`position` integer DEFAULT 0 NOT NULL,
	FOREIGN KEY (`website_id`) REFERENCES `websites`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `shipping_zones_site_idx` ON `shipping_zones` (`website_id`,`position`);--> statement-breakpoint
CREATE TABLE `tax_rules` (
	`id` text PRIMARY KEY NOT NULL,
	`website_id` text NOT NULL,
	`name` text NOT NULL,
	`country` text NOT NULL,
	`region` text,
	`rate_bps` integer NOT NULL,
	`inclusive` integer DEFAULT false NOT NULL,
	`applies_to_shipping` integer DEFAULT false NOT NULL,
	FOREIGN KEY (`website_id`) REFERENCES `websites`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "tax_rules_rate_ck" CHECK("tax_rules"."rate_bps" BETWEEN 0 AND 10000)
);
--> statement-breakpoint
CREATE INDEX `tax_rules_site_idx` ON `tax_rules` (`website_id`,`country`);--> statement-breakpoint
CREATE TABLE `idempotency_keys` (
	`website_id` text NOT NULL,
	`key` text NOT NULL,
	`requester_hash` text NOT NULL,
	`order_id` text,
	`created_on` integer NOT NULL,
	FOREIGN KEY (`website_id`) REFERENCES `websites`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `idempotency_keys_site_key_uq` ON `idempotency_keys` (`website_id`,`key`);--> statement-breakpoint
CREATE TABLE `order_counters` (
	`website_id` text PRIMARY KEY NOT NULL,
	`last_number` integer NOT NULL,
	FOREIGN KEY (`website_id`) REFERENCES `websites`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `order_lines` (
	`id` text PRIMARY KEY NOT NULL,
	`order_id` text NOT NULL,
	`website_id` text NOT NULL,
	`item_id` text NOT NULL,
	`variant_id` text,
	`sku` text,
	`product_name` text NOT NULL,
	`product_type` integer NOT NULL,
	`quantity` integer NOT NULL,
	`unit_price_cents` integer NOT NULL,
	`position` integer NOT NULL,
	FOREIGN KEY (`order_id`) REFERENCES `orders`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "order_lines_quantity_ck" CHECK("order_lines"."quantity" >= 1)
);
--> statement-breakpoint
CREATE INDEX `order_lines_order_idx` ON `order_lines` (`order_id`,`position`);--> statement-breakpoint
CREATE TABLE `orders` (
	`id` text PRIMARY KEY NOT NULL,
	`website_id` text NOT NULL,
	`order_number` integer NOT NULL,
	`purchased_cart_id` text NOT NULL,
	`test_mode` integer DEFAULT true NOT NULL,
	`email` text NOT NULL,
	`shipping_address` text,
	`billing_address` text,
	`shipping_option` text,
	`coupons` text DEFAULT '[]' NOT NULL,
	`currency` text NOT NULL,
	`subtotal_cents` integer NOT NULL,
	`discount_cents` integer NOT NULL,
	`shipping_total_cents` integer NOT NULL,
	`tax_total_cents` integer NOT NULL,
	`included_tax_cents` integer DEFAULT 0 NOT NULL,
	`grand_total_cents` integer NOT NULL,
	`status` text DEFAULT 'paid' NOT NULL,
	`status_token_hash` text NOT NULL,
	`created_on` integer NOT NULL,
	FOREIGN KEY (`website_id`) REFERENCES `websites`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "orders_number_ck" CHECK("orders"."order_number" >= 1001)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `orders_site_number_uq` ON `orders` (`website_id`,`order_number`);--> statement-breakpoint
CREATE UNIQUE INDEX `orders_cart_uq` ON `orders` (`purchased_cart_id`);--> statement-breakpoint
CREATE TABLE `payments` (
	`id` text PRIMARY KEY NOT NULL,
	`website_id` text NOT NULL,
	`order_id` text,
	`provider` text NOT NULL,
	`provider_ref` text NOT NULL,
	`amount_cents` integer NOT NULL,
	`currency` text NOT NULL,
	`status` text NOT NULL,
	`created_on` integer NOT NULL,
	FOREIGN KEY (`order_id`) REFERENCES `orders`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `payments_order_idx` ON `payments` (`order_id`);--> statement-breakpoint
CREATE TABLE `stock_reservations` (
	`attempt_id` text NOT NULL,
	`variant_id` text NOT NULL,
	`quantity` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `stock_reservations_uq` ON `stock_reservations` (`attempt_id`,`variant_id`);