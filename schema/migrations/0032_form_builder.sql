CREATE TABLE `form_versions` (
	`form_id` text NOT NULL,
	`version` integer NOT NULL,
	`fields` text NOT NULL,
	`saved_on` integer NOT NULL,
	PRIMARY KEY(`form_id`, `version`),
	FOREIGN KEY (`form_id`) REFERENCES `forms`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
ALTER TABLE `forms` ADD `notify_cc` text;--> statement-breakpoint
ALTER TABLE `forms` ADD `notify_bcc` text;--> statement-breakpoint
ALTER TABLE `forms` ADD `notify_subject` text;--> statement-breakpoint
ALTER TABLE `forms` ADD `version` integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE `forms` ADD `updated_on` integer;