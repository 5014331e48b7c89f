-- The dev inbox finds a recipient's messages by lower(recipient) (addresses compare without case);
-- the index on the raw column could not serve that, so each lookup read the whole outbox.
DROP INDEX outbox_recipient_idx;
CREATE INDEX outbox_recipient_idx ON outbox (project_id, lower(recipient), created_at);
