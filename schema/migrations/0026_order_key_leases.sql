ALTER TABLE `idempotency_keys` ADD `lease_until` integer;--> statement-breakpoint
ALTER TABLE `idempotency_keys` ADD `attempt_id` text;--> statement-breakpoint
ALTER TABLE `idempotency_keys` ADD `coupon_ids` text;--> statement-breakpoint
ALTER TABLE `idempotency_keys` ADD `secured_on` integer;--> statement-breakpoint
ALTER TABLE `idempotency_keys` ADD `paid_on` integer;--> statement-breakpoint
ALTER TABLE `idempotency_keys` ADD `payment_provider` text;--> statement-breakpoint
ALTER TABLE `idempotency_keys` ADD `payment_ref` text;--> statement-breakpoint
ALTER TABLE `idempotency_keys` ADD `paid_cents` integer;--> statement-breakpoint
ALTER TABLE `idempotency_keys` ADD `currency` text;--> statement-breakpoint
CREATE INDEX `idempotency_keys_open_lease_idx` ON `idempotency_keys` (`lease_until`) WHERE order_id IS NULL;