CREATE TABLE `commerce_preferences` (
	`website_id` text NOT NULL,
	`namespace` text NOT NULL,
	`value` text NOT NULL,
	`updated_on` integer NOT NULL,
	PRIMARY KEY(`website_id`, `namespace`),
	FOREIGN KEY (`website_id`) REFERENCES `websites`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `multilingual_settings` (
	`website_id` text PRIMARY KEY NOT NULL,
	`default_language` text NOT NULL,
	`languages` text NOT NULL,
	`updated_on` integer NOT NULL,
	FOREIGN KEY (`website_id`) REFERENCES `websites`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `website_hosts` (
	`host` text PRIMARY KEY NOT NULL,
	`website_id` text NOT NULL,
	FOREIGN KEY (`website_id`) REFERENCES `websites`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `websites` (
	`id` text PRIMARY KEY NOT NULL,
	`identifier` text NOT NULL,
	`primary_host` text NOT NULL,
	`is_default` integer DEFAULT false NOT NULL,
	`title` text NOT NULL,
	`tagline` text,
	`locale` text DEFAULT 'en-US' NOT NULL,
	`time_zone` text DEFAULT 'America/New_York' NOT NULL,
	`currency` text DEFAULT 'USD' NOT NULL,
	`colour` text,
	`site_settings` text NOT NULL,
	`store_settings` text NOT NULL,
	`localized_strings` text NOT NULL,
	`captcha_site_key` text,
	`header` text,
	`footer` text,
	`social_accounts` text,
	`created_on` integer NOT NULL,
	`updated_on` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `websites_primary_host_uq` ON `websites` (`primary_host`);--> statement-breakpoint
CREATE UNIQUE INDEX `websites_identifier_uq` ON `websites` (`identifier`);--> statement-breakpoint
CREATE UNIQUE INDEX `websites_single_default_uq` ON `websites` (`is_default`) WHERE "websites"."is_default" = 1;--> statement-breakpoint
CREATE TABLE `collections` (
	`id` text PRIMARY KEY NOT NULL,
	`website_id` text NOT NULL,
	`type` integer NOT NULL,
	`url_id` text NOT NULL,
	`full_url` text NOT NULL,
	`title` text NOT NULL,
	`navigation_title` text,
	`description` text,
	`main_content` text,
	`form_id` text,
	`seo_title` text,
	`seo_description` text,
	`folder` integer DEFAULT false NOT NULL,
	`folder_behavior` integer,
	`parent_id` text,
	`ordering` text DEFAULT 'chronological' NOT NULL,
	`display_index` integer DEFAULT 0 NOT NULL,
	`items_per_page` integer DEFAULT 20 NOT NULL,
	`enabled` integer DEFAULT true NOT NULL,
	`is_homepage` integer DEFAULT false NOT NULL,
	`type_name` text,
	`created_on` integer NOT NULL,
	`updated_on` integer NOT NULL,
	FOREIGN KEY (`website_id`) REFERENCES `websites`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`form_id`) REFERENCES `forms`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`parent_id`) REFERENCES `collections`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `collections_website_url_id_uq` ON `collections` (`website_id`,`url_id`);--> statement-breakpoint
CREATE INDEX `collections_website_type_idx` ON `collections` (`website_id`,`type`);--> statement-breakpoint
CREATE TABLE `authors` (
	`id` text PRIMARY KEY NOT NULL,
	`website_id` text NOT NULL,
	`display_name` text NOT NULL,
	`bio` text,
	`avatar_asset_id` text,
	FOREIGN KEY (`website_id`) REFERENCES `websites`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`avatar_asset_id`) REFERENCES `assets`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE TABLE `item_images` (
	`item_id` text NOT NULL,
	`asset_id` text NOT NULL,
	`position` integer NOT NULL,
	PRIMARY KEY(`item_id`, `asset_id`),
	FOREIGN KEY (`item_id`) REFERENCES `items`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`asset_id`) REFERENCES `assets`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `item_images_item_position_idx` ON `item_images` (`item_id`,`position`);--> statement-breakpoint
CREATE TABLE `items` (
	`id` text PRIMARY KEY NOT NULL,
	`website_id` text NOT NULL,
	`collection_id` text NOT NULL,
	`record_type` integer NOT NULL,
	`url_id` text NOT NULL,
	`full_url` text NOT NULL,
	`title` text NOT NULL,
	`body` text,
	`excerpt` text,
	`structured_content` text,
	`author_id` text,
	`categories` text DEFAULT '[]' NOT NULL,
	`tags` text DEFAULT '[]' NOT NULL,
	`starred` integer DEFAULT false NOT NULL,
	`status` text DEFAULT 'published' NOT NULL,
	`added_on` integer NOT NULL,
	`publish_on` integer,
	`updated_on` integer NOT NULL,
	`comment_state` integer DEFAULT 0 NOT NULL,
	`public_comment_count` integer DEFAULT 0 NOT NULL,
	`like_count` integer DEFAULT 0 NOT NULL,
	`main_image_id` text,
	`source_url` text,
	`external_link` text,
	`display_index` integer DEFAULT 0 NOT NULL,
	FOREIGN KEY (`website_id`) REFERENCES `websites`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`collection_id`) REFERENCES `collections`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`author_id`) REFERENCES `authors`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`main_image_id`) REFERENCES `assets`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `items_collection_url_id_uq` ON `items` (`collection_id`,`url_id`);--> statement-breakpoint
CREATE INDEX `items_collection_publish_idx` ON `items` (`collection_id`,`status`,`publish_on`);--> statement-breakpoint
CREATE INDEX `items_website_record_type_idx` ON `items` (`website_id`,`record_type`);--> statement-breakpoint
CREATE TABLE `assets` (
	`id` text PRIMARY KEY NOT NULL,
	`website_id` text NOT NULL,
	`kind` text NOT NULL,
	`r2_key` text NOT NULL,
	`filename` text NOT NULL,
	`content_type` text NOT NULL,
	`byte_size` integer NOT NULL,
	`original_size` text,
	`focal_point_x` real DEFAULT 0.5 NOT NULL,
	`focal_point_y` real DEFAULT 0.5 NOT NULL,
	`color_data` text,
	`alt_text` text,
	`title` text,
	`created_on` integer NOT NULL,
	FOREIGN KEY (`website_id`) REFERENCES `websites`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `assets_r2_key_uq` ON `assets` (`r2_key`);--> statement-breakpoint
CREATE INDEX `assets_website_kind_idx` ON `assets` (`website_id`,`kind`);--> statement-breakpoint
CREATE TABLE `merchandising` (
	`product_id` text PRIMARY KEY NOT NULL,
	`website_id` text NOT NULL,
	`custom_sold_out_text` text,
	`scarcity_enabled` integer DEFAULT false NOT NULL,
	`scarcity_template_views` text DEFAULT '[]' NOT NULL,
	`scarcity_text` text,
	`scarcity_shown_by_default` integer DEFAULT false NOT NULL,
	`restock_notification_views` text DEFAULT '[]' NOT NULL,
	`restock_notification_messages` text DEFAULT '{}' NOT NULL,
	`mailing_list_sign_up_enabled` integer DEFAULT false NOT NULL,
	`mailing_list_opt_in_by_default` integer DEFAULT false NOT NULL,
	FOREIGN KEY (`product_id`) REFERENCES `products`(`item_id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`website_id`) REFERENCES `websites`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `products` (
	`item_id` text PRIMARY KEY NOT NULL,
	`website_id` text NOT NULL,
	`product_type` integer NOT NULL,
	`variant_option_ordering` text DEFAULT '[]' NOT NULL,
	`currency` text NOT NULL,
	`price_cents` integer,
	`sale_price_cents` integer,
	`on_sale` integer DEFAULT false NOT NULL,
	`digital_asset_id` text,
	`is_subscribable` integer DEFAULT false NOT NULL,
	`additional_fields_form_id` text,
	`use_custom_add_button_text` integer DEFAULT false NOT NULL,
	`custom_add_button_text` text,
	`visible` integer DEFAULT true NOT NULL,
	FOREIGN KEY (`item_id`) REFERENCES `items`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`website_id`) REFERENCES `websites`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`digital_asset_id`) REFERENCES `assets`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`additional_fields_form_id`) REFERENCES `forms`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `products_website_type_idx` ON `products` (`website_id`,`product_type`);--> statement-breakpoint
CREATE TABLE `subscription_plans` (
	`id` text PRIMARY KEY NOT NULL,
	`website_id` text NOT NULL,
	`product_id` text NOT NULL,
	`billing_period_value` integer NOT NULL,
	`billing_period_unit` text NOT NULL,
	`num_billing_cycles` integer DEFAULT 0 NOT NULL,
	`position` integer DEFAULT 0 NOT NULL,
	FOREIGN KEY (`website_id`) REFERENCES `websites`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`product_id`) REFERENCES `products`(`item_id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `subscription_plans_product_idx` ON `subscription_plans` (`product_id`,`position`);--> statement-breakpoint
CREATE TABLE `variants` (
	`id` text PRIMARY KEY NOT NULL,
	`website_id` text NOT NULL,
	`product_id` text NOT NULL,
	`sku` text NOT NULL,
	`currency` text NOT NULL,
	`price_cents` integer NOT NULL,
	`sale_price_cents` integer DEFAULT 0 NOT NULL,
	`on_sale` integer DEFAULT false NOT NULL,
	`attributes` text DEFAULT '{}' NOT NULL,
	`qty_in_stock` integer DEFAULT 0 NOT NULL,
	`unlimited` integer DEFAULT false NOT NULL,
	`main_image_id` text,
	`weight_grams` integer,
	`position` integer DEFAULT 0 NOT NULL,
	FOREIGN KEY (`website_id`) REFERENCES `websites`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`product_id`) REFERENCES `products`(`item_id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`main_image_id`) REFERENCES `assets`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `variants_website_sku_uq` ON `variants` (`website_id`,`sku`);--> statement-breakpoint
CREATE INDEX `variants_product_position_idx` ON `variants` (`product_id`,`position`);--> statement-breakpoint
CREATE TABLE `forms` (
	`id` text PRIMARY KEY NOT NULL,
	`website_id` text NOT NULL,
	`kind` text NOT NULL,
	`name` text NOT NULL,
	`fields` text NOT NULL,
	`submit_button_text` text,
	`submission_html` text,
	`success_redirect` text,
	`captcha_enabled` integer DEFAULT false NOT NULL,
	`disclaimer_html` text,
	`created_on` integer NOT NULL,
	FOREIGN KEY (`website_id`) REFERENCES `websites`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `forms_website_kind_idx` ON `forms` (`website_id`,`kind`);--> statement-breakpoint
CREATE TABLE `navigation_items` (
	`id` text PRIMARY KEY NOT NULL,
	`website_id` text NOT NULL,
	`menu` text NOT NULL,
	`parent_id` text,
	`position` integer NOT NULL,
	`title` text NOT NULL,
	`collection_id` text,
	`external_link` text,
	`member_area_id` text,
	`new_window` integer DEFAULT false NOT NULL,
	FOREIGN KEY (`website_id`) REFERENCES `websites`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`parent_id`) REFERENCES `navigation_items`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`collection_id`) REFERENCES `collections`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `navigation_items_menu_idx` ON `navigation_items` (`website_id`,`menu`,`position`);--> statement-breakpoint
CREATE TABLE `templates` (
	`website_id` text NOT NULL,
	`path` text NOT NULL,
	`content` text NOT NULL,
	`hash` text NOT NULL,
	`updated_on` integer NOT NULL,
	PRIMARY KEY(`website_id`, `path`),
	FOREIGN KEY (`website_id`) REFERENCES `websites`(`id`) ON UPDATE no action ON DELETE cascade
);
