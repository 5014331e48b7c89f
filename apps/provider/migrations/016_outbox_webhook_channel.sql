-- Event webhooks (webhooks/emitEvent.ts) queue each event in the outbox on the channel 'webhook',
-- its recipient the endpoint's URL. Idempotent: the constraint is replaced whatever allowed before.
ALTER TABLE outbox DROP CONSTRAINT IF EXISTS outbox_channel_check;
ALTER TABLE outbox ADD CONSTRAINT outbox_channel_check CHECK (channel IN ('email', 'sms', 'whatsapp', 'webhook'));
