-- Messages enqueued within one clock tick share created_at; the inbox breaks the tie by insertion order.
ALTER TABLE outbox ADD COLUMN seq bigint GENERATED ALWAYS AS IDENTITY;
