-- The accept function stores a message's row as the server gives it (`item.row`, keyed by
-- column: server/store/tables.ts), rather than naming each column here: a column added to
-- the messages is written by the server's own list of columns, and this function is not
-- written again. Otherwise as in 0007, step for step with the store's accept operation
-- (server/store/operations/intake.ts).
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
      INSERT INTO outbox (message_id, state, queued_at, next_attempt_at)
        VALUES (item->>'id', 'pending', received, received);
      IF COALESCE((item->>'notify')::BOOLEAN, FALSE) THEN
        INSERT INTO notifications (id, kind, message_id, created_at, state, next_attempt_at)
          VALUES (item->>'id', 'message', item->>'id', received, 'pending', received);
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
