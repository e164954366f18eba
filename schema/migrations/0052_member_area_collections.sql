CREATE TABLE `member_area_collections` (
	`area_id` text NOT NULL,
	`collection_id` text NOT NULL,
	`website_id` text NOT NULL,
	FOREIGN KEY (`area_id`) REFERENCES `member_areas`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`collection_id`) REFERENCES `collections`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `member_area_collections_collection_uq` ON `member_area_collections` (`collection_id`);--> statement-breakpoint
CREATE INDEX `member_area_collections_area_idx` ON `member_area_collections` (`area_id`);