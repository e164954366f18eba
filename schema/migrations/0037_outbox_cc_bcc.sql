ALTER TABLE `mail_outbox` ADD `cc_address` text;--> statement-breakpoint
ALTER TABLE `mail_outbox` ADD `bcc_address` text;