-- Rate limits: one row per budget key holding its theoretical arrival time (GCRA), in ms since the
-- epoch. A row whose tat_ms has passed means the same as no row, so old rows are swept freely.
-- Counters live here, not in process memory, so a budget holds across every provider process
-- sharing the database.
CREATE TABLE rate_limits (
  key text PRIMARY KEY,
  tat_ms bigint NOT NULL
);
CREATE INDEX rate_limits_tat_ms ON rate_limits (tat_ms);
