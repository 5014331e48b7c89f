-- Rate-limit counters skip the write-ahead log. Every message a project sends spends the project's
-- budget, one row that every send updates: a logged update holds that row until its commit is
-- flushed to disk, so sends queued on it one flush at a time, and more provider processes only
-- made the queue longer. An unlogged write commits without waiting for a flush.
-- The cost: after a database crash (not a clean restart) PostgreSQL empties the table, and
-- standbys do not have it; every budget then starts full again, as after a quiet period.
ALTER TABLE rate_limits SET UNLOGGED;
