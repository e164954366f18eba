CREATE TABLE `reviews` (
	`id` text PRIMARY KEY NOT NULL,
	`website_id` text NOT NULL,
	`item_id` text NOT NULL,
	`rating` integer NOT NULL,
	`title` text DEFAULT '' NOT NULL,
	`body` text NOT NULL,
	`author_name` text NOT NULL,
	`email` text NOT NULL,
	`verified_buyer` integer DEFAULT false NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`created_on` integer NOT NULL,
	`moderated_on` integer,
	FOREIGN KEY (`website_id`) REFERENCES `websites`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`item_id`) REFERENCES `items`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "reviews_rating_ck" CHECK("reviews"."rating" between 1 and 5),
	CONSTRAINT "reviews_status_ck" CHECK("reviews"."status" in ('pending', 'published', 'rejected'))
);
--> statement-breakpoint
CREATE INDEX `reviews_item_status_idx` ON `reviews` (`website_id`,`item_id`,`status`,`created_on`);