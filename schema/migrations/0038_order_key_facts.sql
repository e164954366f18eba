ALTER TABLE `idempotency_keys` ADD `reusable_ref` text;--> statement-breakpoint
ALTER TABLE `idempotency_keys` ADD `order_facts` text;