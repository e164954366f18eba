ALTER TABLE `products` ADD `max_downloads` integer;--> statement-breakpoint
ALTER TABLE `products` ADD `download_link_hours` integer;