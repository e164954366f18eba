ALTER TABLE `websites` ADD `billing_event_on` integer;--> statement-breakpoint
CREATE INDEX `websites_billing_reference_idx` ON `websites` (`billing_reference`);