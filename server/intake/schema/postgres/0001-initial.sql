-- The store's tables, as in the SQLite engine. A message is written once and never
-- changed; its outbox entry holds its delivery: state, attempts, lease and last error. A
-- message marked as spam has no outbox entry, so it is never mailed. Times are ms since
-- the epoch.
CREATE TABLE meta (
  key TEXT PRIMARY KEY,
  value TEXT NOT NULL
);

CREATE TABLE messages (
  id TEXT PRIMARY KEY,
  received_at BIGINT NOT NULL,
  app_name TEXT NOT NULL,
  first_name TEXT NOT NULL,
  last_name TEXT NOT NULL,
  email TEXT NOT NULL,
  message TEXT NOT NULL,
  spam BOOLEAN NOT NULL DEFAULT FALSE,
  spam_reason TEXT
);
CREATE INDEX messages_received_at ON messages (received_at);
CREATE INDEX messages_email ON messages (lower(email));

CREATE TABLE outbox (
  message_id TEXT PRIMARY KEY REFERENCES messages (id) ON DELETE CASCADE,
  state TEXT NOT NULL CHECK (state IN ('pending', 'sending', 'sent', 'dead')),
  -- Start of the current delivery cycle: retries give up counting from here.
  queued_at BIGINT NOT NULL,
  next_attempt_at BIGINT NOT NULL,
  attempts INTEGER NOT NULL DEFAULT 0,
  lease_owner TEXT,
  lease_until BIGINT,
  last_attempt_at BIGINT,
  last_error TEXT,
  sent_at BIGINT,
  smtp_response TEXT
);
CREATE INDEX outbox_due ON outbox (state, next_attempt_at);
CREATE INDEX outbox_lease ON outbox (lease_until) WHERE state = 'sending';
CREATE INDEX outbox_sent_at ON outbox (sent_at) WHERE sent_at IS NOT NULL;

CREATE TABLE delivery_attempts (
  message_id TEXT NOT NULL REFERENCES messages (id) ON DELETE CASCADE,
  attempt INTEGER NOT NULL,
  started_at BIGINT NOT NULL,
  finished_at BIGINT NOT NULL,
  outcome TEXT NOT NULL CHECK (outcome IN ('sent', 'retry', 'dead')),
  detail TEXT,
  PRIMARY KEY (message_id, attempt)
);

CREATE TABLE idempotency_keys (
  key TEXT PRIMARY KEY,
  message_id TEXT NOT NULL REFERENCES messages (id) ON DELETE CASCADE,
  created_at BIGINT NOT NULL
);
CREATE INDEX idempotency_keys_created_at ON idempotency_keys (created_at);
CREATE INDEX idempotency_keys_message_id ON idempotency_keys (message_id);

-- The caps on accepted messages (per client, per network, overall): one row per accepted
-- message and cap, forgotten once past the cap's window. Keys are digests, never addresses.
CREATE TABLE acceptance_slots (
  key TEXT NOT NULL,
  at BIGINT NOT NULL
);
CREATE INDEX acceptance_slots_key_at ON acceptance_slots (key, at);
CREATE INDEX acceptance_slots_at ON acceptance_slots (at);

-- Accepts a group of messages in one statement, so a group costs one round trip and one
-- commit. `items` is a JSON array of messages (with their ids); one row per item, in order:
-- 'stored', 'replayed' (the id stored under its Idempotency-Key) or 'capped' (with when the
-- full cap has room again). The advisory lock makes the caps' counts and the keys' checks
-- of concurrent groups, from any instance, happen one after the other.
CREATE FUNCTION feedback_accept(items JSONB)
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
        IF known.created_at > received - 86400000 THEN
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
    INSERT INTO messages (id, received_at, app_name, first_name, last_name, email, message, spam, spam_reason)
      VALUES (item->>'id', received, item->>'appName', item->>'firstName', item->>'lastName',
              item->>'email', item->>'message', (item->>'spam')::BOOLEAN, item->>'spamReason');
    IF NOT (item->>'spam')::BOOLEAN THEN
      INSERT INTO outbox (message_id, state, queued_at, next_attempt_at)
        VALUES (item->>'id', 'pending', received, received);
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
