ALTER TABLE `census_hits` ADD `hit_id` text;--> statement-breakpoint
CREATE UNIQUE INDEX `census_hits_site_hit_uq` ON `census_hits` (`website_id`,`hit_id`);--> statement-breakpoint
ALTER TABLE `census_rollups` ADD `bounces` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `census_rollups` ADD `visit_ms` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX `census_rollups_site_dim_day_idx` ON `census_rollups` (`website_id`,`dimension`,`day`,`key`,`views`,`visits`,`visitors`,`bots`,`bounces`,`visit_ms`);