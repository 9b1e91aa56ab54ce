-- One queue for every task done after a request: a message's mail (kind `mail`, its id the
-- message's), the owner's push notifications (kind `notify`: about a message, its id the
-- message's; or a pause of delivery, its reason in `detail`), and the digest of mail
-- waiting past the hourly cap (kind `digest`, one row: its turn). Each job is claimed under
-- a lease, tried, then sent, tried again later or dead; a sent mail stays as its message's
-- delivery. The outbox's and the notifications' rows move here as they are; times are ms
-- since the epoch, as in the SQLite engine.
CREATE TABLE jobs (
  kind TEXT NOT NULL CHECK (kind IN ('mail', 'notify', 'digest')),
  id TEXT NOT NULL,
  message_id TEXT REFERENCES messages (id) ON DELETE CASCADE,
  detail TEXT,
  state TEXT NOT NULL CHECK (state IN ('pending', 'sending', 'sent', 'dead')),
  -- Start of the current cycle: retries give up counting from here.
  queued_at BIGINT NOT NULL,
  next_attempt_at BIGINT NOT NULL,
  attempts INTEGER NOT NULL DEFAULT 0,
  lease_holder TEXT,
  lease_until BIGINT,
  last_attempt_at BIGINT,
  last_error TEXT,
  sent_at BIGINT,
  response TEXT,
  PRIMARY KEY (kind, id)
);
CREATE INDEX jobs_due ON jobs (kind, state, next_attempt_at);
CREATE INDEX jobs_lease ON jobs (kind, lease_until) WHERE state = 'sending';
CREATE INDEX jobs_sent_at ON jobs (kind, sent_at) WHERE sent_at IS NOT NULL;
CREATE INDEX jobs_message_id ON jobs (message_id);

INSERT INTO jobs (kind, id, message_id, state, queued_at, next_attempt_at, attempts,
                  lease_holder, lease_until, last_attempt_at, last_error, sent_at, response)
  SELECT 'mail', message_id, message_id, state, queued_at, next_attempt_at, attempts,
         lease_holder, lease_until, last_attempt_at, last_error, sent_at, smtp_response
  FROM outbox;
INSERT INTO jobs (kind, id, message_id, detail, state, queued_at, next_attempt_at, attempts,
                  lease_holder, lease_until, last_error)
  SELECT 'notify', id, message_id, detail, state, created_at, next_attempt_at, attempts,
         lease_holder, lease_until, last_error
  FROM notifications;
-- The last digest's time was a meta row; it is the digest job's, sent then.
INSERT INTO jobs (kind, id, state, queued_at, next_attempt_at, sent_at)
  SELECT 'digest', 'waiting', 'sent', CAST(value AS BIGINT), CAST(value AS BIGINT),
         CAST(value AS BIGINT)
  FROM meta WHERE key = 'last_digest_at' AND value ~ '^[0-9]+$';
DELETE FROM meta WHERE key = 'last_digest_at';
DROP TABLE outbox;
DROP TABLE notifications;

-- The accept function queues a message's mail and notification as jobs; otherwise as in 0008.
CREATE OR REPLACE FUNCTION feedback_accept(items JSONB, key_ttl_ms BIGINT)
RETURNS TABLE (item_index INTEGER, outcome TEXT, id TEXT, cap_key TEXT, retry_at BIGINT)
LANGUAGE plpgsql AS $$
#variable_conflict use_column
DECLARE
  item JSONB;
  cap JSONB;
  n_item INTEGER := 0;
  received BIGINT;
  known RECORD;
  used RECORD;
BEGIN
  PERFORM pg_advisory_xact_lock({{lock.accept}});
  FOR item IN SELECT value FROM jsonb_array_elements(items) LOOP
    n_item := n_item + 1;
    received := (item->>'receivedAt')::BIGINT;
    IF item ? 'idempotencyKey' THEN
      SELECT k.message_id, k.created_at INTO known
        FROM idempotency_keys k WHERE k.key = item->>'idempotencyKey';
      IF FOUND THEN
        IF known.created_at > received - key_ttl_ms THEN
          item_index := n_item; outcome := 'replayed'; id := known.message_id;
          cap_key := NULL; retry_at := NULL;
          RETURN NEXT;
          CONTINUE;
        END IF;
        DELETE FROM idempotency_keys k WHERE k.key = item->>'idempotencyKey';
      END IF;
    END IF;
    cap_key := NULL;
    retry_at := NULL;
    FOR cap IN SELECT value FROM jsonb_array_elements(COALESCE(item->'caps', '[]'::JSONB)) LOOP
      SELECT count(*) AS n, min(s.at) AS first INTO used FROM acceptance_slots s
        WHERE s.key = cap->>'key' AND s.at > received - (cap->>'windowMs')::BIGINT;
      IF used.n >= (cap->>'max')::INTEGER THEN
        cap_key := cap->>'key';
        retry_at := COALESCE(used.first, received) + (cap->>'windowMs')::BIGINT;
        EXIT;
      END IF;
    END LOOP;
    IF cap_key IS NOT NULL THEN
      item_index := n_item; outcome := 'capped'; id := NULL;
      RETURN NEXT;
      CONTINUE;
    END IF;
    INSERT INTO messages SELECT * FROM jsonb_populate_record(NULL::messages, item->'row');
    IF NOT (item->>'spam')::BOOLEAN THEN
      INSERT INTO jobs (kind, id, message_id, state, queued_at, next_attempt_at)
        VALUES ('mail', item->>'id', item->>'id', 'pending', received, received);
      IF COALESCE((item->>'notify')::BOOLEAN, FALSE) THEN
        INSERT INTO jobs (kind, id, message_id, state, queued_at, next_attempt_at)
          VALUES ('notify', item->>'id', item->>'id', 'pending', received, received);
      END IF;
    END IF;
    IF item ? 'idempotencyKey' THEN
      INSERT INTO idempotency_keys (key, message_id, created_at)
        VALUES (item->>'idempotencyKey', item->>'id', received);
    END IF;
    INSERT INTO acceptance_slots (key, at)
      SELECT value->>'key', received FROM jsonb_array_elements(COALESCE(item->'caps', '[]'::JSONB));
    item_index := n_item; outcome := 'stored'; id := item->>'id';
    RETURN NEXT;
  END LOOP;
END;
$$;
