-- Event storage is capped per project, oldest dropped first. Each event records where it starts in
-- its project's running total of event bytes (`stored_from`); the total itself is one row per
-- project in `event_totals`, moved by every insert. Dropping what falls below the cap is then a
-- range delete on (project_id, stored_from): no insert counts a project's rows.
ALTER TABLE events ADD COLUMN stored_from bigint;

CREATE TABLE event_totals (
  project_id text PRIMARY KEY,
  stored_through bigint NOT NULL
);

-- Events stored before the cap: numbered in the order they came, with the size an insert counts.
WITH sized AS (
  SELECT event_id, project_id,
    octet_length(event_name) + octet_length(details::text) + octet_length(telemetry::text)
      + coalesce(octet_length(error_code), 0) + coalesce(octet_length(error_description), 0) + 100 AS size,
    created_at
  FROM events
), placed AS (
  SELECT event_id, project_id, size,
    sum(size) OVER (PARTITION BY project_id ORDER BY created_at, event_id) - size AS stored_from
  FROM sized
)
UPDATE events SET stored_from = placed.stored_from FROM placed WHERE events.event_id = placed.event_id;

INSERT INTO event_totals (project_id, stored_through)
SELECT project_id, sum(octet_length(event_name) + octet_length(details::text) + octet_length(telemetry::text)
    + coalesce(octet_length(error_code), 0) + coalesce(octet_length(error_description), 0) + 100)
FROM events GROUP BY project_id;

ALTER TABLE events ALTER COLUMN stored_from SET NOT NULL;
CREATE INDEX events_project_stored_from ON events (project_id, stored_from);
