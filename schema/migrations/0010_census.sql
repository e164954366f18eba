CREATE TABLE `census_day_visitors` (
	`website_id` text NOT NULL,
	`day` text NOT NULL,
	`visitor_id` text NOT NULL,
	PRIMARY KEY(`website_id`, `day`, `visitor_id`),
	FOREIGN KEY (`website_id`) REFERENCES `websites`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `census_events` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`website_id` text NOT NULL,
	`ts` integer NOT NULL,
	`day` text NOT NULL,
	`visitor_id` text NOT NULL,
	`kind` text NOT NULL,
	`page_path` text,
	`item_id` text,
	`data` text NOT NULL,
	FOREIGN KEY (`website_id`) REFERENCES `websites`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `census_events_site_day_kind_idx` ON `census_events` (`website_id`,`day`,`kind`);--> statement-breakpoint
CREATE INDEX `census_events_ts_idx` ON `census_events` (`ts`);--> statement-breakpoint
CREATE TABLE `census_hits` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`website_id` text NOT NULL,
	`ts` integer NOT NULL,
	`day` text NOT NULL,
	`visitor_id` text NOT NULL,
	`visit_no` integer NOT NULL,
	`new_visit` integer NOT NULL,
	`page_path` text NOT NULL,
	`page_type` integer,
	`title` text,
	`item_id` text,
	`referrer_host` text NOT NULL,
	`device` text NOT NULL,
	`browser` text NOT NULL,
	`country` text NOT NULL,
	`locale` text,
	`viewport` text,
	`screen` text,
	`is_bot` integer NOT NULL,
	FOREIGN KEY (`website_id`) REFERENCES `websites`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `census_hits_site_day_idx` ON `census_hits` (`website_id`,`day`);--> statement-breakpoint
CREATE INDEX `census_hits_ts_idx` ON `census_hits` (`ts`);--> statement-breakpoint
CREATE TABLE `census_js_error_days` (
	`website_id` text NOT NULL,
	`fingerprint` text NOT NULL,
	`day` text NOT NULL,
	`count` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`website_id`, `day`, `fingerprint`),
	FOREIGN KEY (`website_id`) REFERENCES `websites`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `census_js_errors` (
	`website_id` text NOT NULL,
	`fingerprint` text NOT NULL,
	`message` text NOT NULL,
	`first_frame` text NOT NULL,
	`sample_stack` text NOT NULL,
	`last_page` text,
	`count` integer DEFAULT 0 NOT NULL,
	`first_seen` integer NOT NULL,
	`last_seen` integer NOT NULL,
	PRIMARY KEY(`website_id`, `fingerprint`),
	FOREIGN KEY (`website_id`) REFERENCES `websites`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `census_rollups` (
	`website_id` text NOT NULL,
	`day` text NOT NULL,
	`dimension` text NOT NULL,
	`key` text NOT NULL,
	`views` integer DEFAULT 0 NOT NULL,
	`visits` integer DEFAULT 0 NOT NULL,
	`visitors` integer DEFAULT 0 NOT NULL,
	`bots` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`website_id`, `day`, `dimension`, `key`),
	FOREIGN KEY (`website_id`) REFERENCES `websites`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `census_visits` (
	`website_id` text NOT NULL,
	`visitor_id` text NOT NULL,
	`visit_no` integer NOT NULL,
	`day` text NOT NULL,
	`started_at` integer NOT NULL,
	`last_seen_at` integer NOT NULL,
	`views` integer NOT NULL,
	`entry_path` text NOT NULL,
	PRIMARY KEY(`website_id`, `visitor_id`, `visit_no`),
	FOREIGN KEY (`website_id`) REFERENCES `websites`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `census_visits_site_day_idx` ON `census_visits` (`website_id`,`day`,`views`,`started_at`,`last_seen_at`);--> statement-breakpoint
CREATE TABLE `census_vitals` (
	`website_id` text NOT NULL,
	`day` text NOT NULL,
	`page_path` text NOT NULL,
	`metric` text NOT NULL,
	`bucket` integer NOT NULL,
	`count` integer DEFAULT 0 NOT NULL,
	`good` integer DEFAULT 0 NOT NULL,
	`poor` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`website_id`, `day`, `page_path`, `metric`, `bucket`),
	FOREIGN KEY (`website_id`) REFERENCES `websites`(`id`) ON UPDATE no action ON DELETE cascade
);
