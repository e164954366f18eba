ALTER TABLE `mail_outbox` ADD `order_id` text;--> statement-breakpoint
CREATE INDEX `mail_outbox_website_order_idx` ON `mail_outbox` (`website_id`,`order_id`);