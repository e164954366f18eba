CREATE TABLE `gift_card_adjustments` (
	`id` text PRIMARY KEY NOT NULL,
	`website_id` text NOT NULL,
	`gift_card_id` text NOT NULL,
	`delta_cents` integer NOT NULL,
	`balance_after_cents` integer NOT NULL,
	`reason` text NOT NULL,
	`by_email` text NOT NULL,
	`created_on` integer NOT NULL,
	FOREIGN KEY (`gift_card_id`) REFERENCES `gift_cards`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "gift_card_adjustments_delta_ck" CHECK("gift_card_adjustments"."delta_cents" <> 0)
);
--> statement-breakpoint
CREATE INDEX `gift_card_adjustments_card_idx` ON `gift_card_adjustments` (`gift_card_id`,`created_on`);--> statement-breakpoint
CREATE TABLE `payment_secrets` (
	`website_id` text NOT NULL,
	`provider` text NOT NULL,
	`ciphertext` text NOT NULL,
	`last4` text NOT NULL,
	`updated_on` integer NOT NULL,
	PRIMARY KEY(`website_id`, `provider`),
	FOREIGN KEY (`website_id`) REFERENCES `websites`(`id`) ON UPDATE no action ON DELETE cascade
);
