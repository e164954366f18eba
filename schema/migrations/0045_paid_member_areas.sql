ALTER TABLE `member_areas` ADD `product_id` text;--> statement-breakpoint
ALTER TABLE `memberships` ADD `subscription_id` text;