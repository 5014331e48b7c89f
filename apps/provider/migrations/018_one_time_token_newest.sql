-- Every send first looks up the user's newest token of its kind (tokens/newestToken.ts). With the
-- user index on user_id alone, a database without statistics (PGlite gathers none: it has no
-- autovacuum) chose the (project_id, kind) index instead and filtered every token of that kind the
-- project ever issued, so each send got slower than the last. This index answers that lookup in
-- order, whatever the statistics, and still serves every lookup by user_id alone.
DROP INDEX one_time_tokens_user_idx;
CREATE INDEX one_time_tokens_user_idx ON one_time_tokens (user_id, kind, created_at);
