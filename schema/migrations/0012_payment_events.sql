CREATE TABLE `payment_events` (
	`provider` text NOT NULL,
	`event_id` text NOT NULL,
	`website_id` text,
	`type` text NOT NULL,
	`payment_ref` text,
	`received_on` integer NOT NULL,
	PRIMARY KEY(`provider`, `event_id`)
);
--> statement-breakpoint
CREATE INDEX `payment_events_ref_idx` ON `payment_events` (`payment_ref`);