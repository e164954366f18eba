CREATE TABLE `account_orders` (
	`order_id` text PRIMARY KEY NOT NULL,
	`website_id` text NOT NULL,
	`site_user_id` text,
	`subscription_id` text,
	`cycle` integer,
	`created_on` integer NOT NULL,
	FOREIGN KEY (`order_id`) REFERENCES `orders`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`website_id`) REFERENCES `websites`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`site_user_id`) REFERENCES `site_users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`subscription_id`) REFERENCES `subscriptions`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `account_orders_user_idx` ON `account_orders` (`website_id`,`site_user_id`,`created_on`);--> statement-breakpoint
CREATE UNIQUE INDEX `account_orders_cycle_uq` ON `account_orders` (`subscription_id`,`cycle`);--> statement-breakpoint
CREATE TABLE `subscriptions` (
	`id` text PRIMARY KEY NOT NULL,
	`website_id` text NOT NULL,
	`first_order_id` text NOT NULL,
	`site_user_id` text,
	`email` text NOT NULL,
	`item_id` text NOT NULL,
	`variant_id` text,
	`sku` text,
	`product_name` text NOT NULL,
	`product_type` integer NOT NULL,
	`quantity` integer NOT NULL,
	`unit_price_cents` integer NOT NULL,
	`subtotal_cents` integer NOT NULL,
	`shipping_cents` integer NOT NULL,
	`tax_cents` integer NOT NULL,
	`renewal_total_cents` integer NOT NULL,
	`currency` text NOT NULL,
	`shipping_address` text,
	`billing_period_value` integer NOT NULL,
	`billing_period_unit` text NOT NULL,
	`num_billing_cycles` integer NOT NULL,
	`cycles_billed` integer DEFAULT 1 NOT NULL,
	`anchor_on` integer NOT NULL,
	`next_billing_at` integer,
	`status` text DEFAULT 'active' NOT NULL,
	`failed_attempts` integer DEFAULT 0 NOT NULL,
	`last_failure` text,
	`payment_provider` text NOT NULL,
	`payment_ref` text NOT NULL,
	`created_on` integer NOT NULL,
	`updated_on` integer NOT NULL,
	FOREIGN KEY (`website_id`) REFERENCES `websites`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`first_order_id`) REFERENCES `orders`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`site_user_id`) REFERENCES `site_users`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "subscriptions_cycles_ck" CHECK("subscriptions"."cycles_billed" >= 1 AND ("subscriptions"."num_billing_cycles" = 0 OR "subscriptions"."cycles_billed" <= "subscriptions"."num_billing_cycles")),
	CONSTRAINT "subscriptions_period_ck" CHECK("subscriptions"."billing_period_value" >= 1 AND "subscriptions"."billing_period_unit" IN ('WEEK', 'MONTH', 'YEAR'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `subscriptions_first_order_uq` ON `subscriptions` (`first_order_id`);--> statement-breakpoint
CREATE INDEX `subscriptions_due_idx` ON `subscriptions` (`status`,`next_billing_at`);--> statement-breakpoint
CREATE INDEX `subscriptions_user_idx` ON `subscriptions` (`website_id`,`site_user_id`,`created_on`);