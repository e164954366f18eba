ALTER TABLE `reviews` ADD `request_line` text;--> statement-breakpoint
CREATE UNIQUE INDEX `reviews_request_line_uq` ON `reviews` (`website_id`,`item_id`,`request_line`);