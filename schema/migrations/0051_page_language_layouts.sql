CREATE TABLE `page_language_layouts` (
	`page_id` text NOT NULL,
	`language` text NOT NULL,
	`draft_version` integer DEFAULT 1 NOT NULL,
	`draft_document` text NOT NULL,
	`published_version` integer,
	`published_document` text,
	`author_name` text NOT NULL,
	`saved_on` integer NOT NULL,
	PRIMARY KEY(`page_id`, `language`),
	FOREIGN KEY (`page_id`) REFERENCES `pages`(`id`) ON UPDATE no action ON DELETE cascade
);
