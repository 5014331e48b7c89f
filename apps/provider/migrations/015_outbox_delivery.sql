-- The outbox becomes a durable queue: each message keeps its delivery state, and every provider
-- process's worker claims due rows with FOR UPDATE SKIP LOCKED (delivery/claimMessages.ts).
-- `next_attempt_at` is when a queued message is due, or when a sending one's lease runs out (a
-- process killed mid-send leaves it 'sending'; another worker takes it again after that time).
ALTER TABLE outbox DROP CONSTRAINT outbox_channel_check;
ALTER TABLE outbox ADD CONSTRAINT outbox_channel_check CHECK (channel IN ('email', 'sms', 'whatsapp', 'webhook'));
ALTER TABLE outbox ADD COLUMN state text NOT NULL DEFAULT 'queued'
  CHECK (state IN ('queued', 'sending', 'sent', 'failed', 'expired', 'held'));
ALTER TABLE outbox ADD COLUMN attempts integer NOT NULL DEFAULT 0;
ALTER TABLE outbox ADD COLUMN next_attempt_at timestamptz;
-- A passcode's or link's own expiry: a message still queued past it is dropped ('expired').
ALTER TABLE outbox ADD COLUMN expires_at timestamptz;
-- What the gateway called the message (an SMTP queue id, a Twilio SID), for the operator.
ALTER TABLE outbox ADD COLUMN gateway_id text;

-- Messages stored before: what was sent is sent, what failed failed, the rest stays in the outbox
-- as it always did (never sent late).
UPDATE outbox SET state = CASE WHEN sent_at IS NOT NULL THEN 'sent' WHEN error IS NOT NULL THEN 'failed' ELSE 'held' END;

CREATE INDEX outbox_due_idx ON outbox (next_attempt_at) WHERE state IN ('queued', 'sending');
CREATE INDEX outbox_state_idx ON outbox (state, created_at);
