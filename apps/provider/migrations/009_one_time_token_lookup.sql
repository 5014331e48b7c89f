-- A passcode is found by its method (the email or phone id in data->>'method_id'), not by its hash:
-- sending one retires the method's unused codes, checking one takes the newest unused code. Without
-- this index both scanned every one-time token ever issued, so each sign-in got slower than the last.
-- Not partial on used_at: marking a code used or counting a guess then stays a HOT update (no index
-- changes), and a method only ever has a handful of codes to filter.
CREATE INDEX one_time_tokens_method_idx ON one_time_tokens (project_id, kind, (data->>'method_id'), created_at);
