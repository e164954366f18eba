-- Custom SQL: bounces and visit durations of the visits recorded before 0014 (the rollups
-- carry them from now on, hit by hit), read once from census_visits into each day's total row.
UPDATE `census_rollups` SET
  `bounces` = (SELECT count(*) FROM `census_visits` v WHERE v.`website_id` = `census_rollups`.`website_id` AND v.`day` = `census_rollups`.`day` AND v.`views` = 1),
  `visit_ms` = (SELECT coalesce(sum(v.`last_seen_at` - v.`started_at`), 0) FROM `census_visits` v WHERE v.`website_id` = `census_rollups`.`website_id` AND v.`day` = `census_rollups`.`day`)
WHERE `dimension` = 'total' AND `key` = '';
