CREATE TABLE `order_events` (
	`id` text PRIMARY KEY NOT NULL,
	`website_id` text NOT NULL,
	`order_id` text NOT NULL,
	`kind` text NOT NULL,
	`body` text NOT NULL,
	`actor` text NOT NULL,
	`created_on` integer NOT NULL,
	FOREIGN KEY (`order_id`) REFERENCES `orders`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `order_events_order_idx` ON `order_events` (`order_id`,`created_on`);--> statement-breakpoint
CREATE TABLE `order_fulfilments` (
	`id` text PRIMARY KEY NOT NULL,
	`website_id` text NOT NULL,
	`order_id` text NOT NULL,
	`kind` text NOT NULL,
	`carrier` text,
	`tracking_number` text,
	`lines` text NOT NULL,
	`request_key` text NOT NULL,
	`created_by` text NOT NULL,
	`created_on` integer NOT NULL,
	FOREIGN KEY (`order_id`) REFERENCES `orders`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `order_fulfilments_order_idx` ON `order_fulfilments` (`order_id`,`created_on`);--> statement-breakpoint
CREATE UNIQUE INDEX `order_fulfilments_key_uq` ON `order_fulfilments` (`website_id`,`request_key`);--> statement-breakpoint
CREATE TABLE `order_refunds` (
	`id` text PRIMARY KEY NOT NULL,
	`website_id` text NOT NULL,
	`order_id` text NOT NULL,
	`amount_cents` integer NOT NULL,
	`provider_cents` integer NOT NULL,
	`gift_card_cents` integer NOT NULL,
	`lines` text,
	`reason` text,
	`status` text NOT NULL,
	`request_key` text NOT NULL,
	`created_by` text NOT NULL,
	`created_on` integer NOT NULL,
	`settled_on` integer,
	FOREIGN KEY (`order_id`) REFERENCES `orders`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "order_refunds_amount_ck" CHECK("order_refunds"."amount_cents" > 0 AND "order_refunds"."provider_cents" >= 0 AND "order_refunds"."gift_card_cents" >= 0 AND "order_refunds"."provider_cents" + "order_refunds"."gift_card_cents" = "order_refunds"."amount_cents")
);
--> statement-breakpoint
CREATE INDEX `order_refunds_order_idx` ON `order_refunds` (`order_id`,`created_on`);--> statement-breakpoint
CREATE UNIQUE INDEX `order_refunds_key_uq` ON `order_refunds` (`website_id`,`request_key`);--> statement-breakpoint
ALTER TABLE `order_lines` ADD `additional_fields` text;--> statement-breakpoint
ALTER TABLE `order_lines` ADD `fulfilled_quantity` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `order_lines` ADD `cancelled_quantity` integer DEFAULT 0 NOT NULL;