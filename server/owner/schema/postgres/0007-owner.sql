-- The owner's pages: whether the owner has read a message, the owner's passkeys, signed-in
-- sessions and one-time tickets (an enrolment link, a passkey ceremony's challenge), the
-- list of every sign-in and change, and the push notifications waiting to go out. A
-- message's own fields are still written once; only read_at changes. As in the SQLite
-- engine; times are ms since the epoch.
ALTER TABLE messages ADD COLUMN read_at BIGINT;

-- A passkey: its credential id and public key (base64url), the authenticator's signature
-- counter and transports (a JSON array), and the name the owner gave it.
CREATE TABLE owner_passkeys (
  id TEXT PRIMARY KEY,
  public_key TEXT NOT NULL,
  counter BIGINT NOT NULL DEFAULT 0,
  transports TEXT NOT NULL DEFAULT '[]',
  name TEXT NOT NULL,
  created_at BIGINT NOT NULL,
  last_used_at BIGINT
);

-- A session: the digest of its cookie's secret (the secret itself is never stored), when it
-- began, was last used and ended (signed out or revoked), and where from.
CREATE TABLE owner_sessions (
  id TEXT PRIMARY KEY,
  passkey_id TEXT,
  created_at BIGINT NOT NULL,
  seen_at BIGINT NOT NULL,
  ended_at BIGINT,
  address TEXT NOT NULL,
  user_agent TEXT NOT NULL
);

-- A one-time ticket, taken (deleted) when used: an enrolment link (the digest of its
-- secret), or a challenge of a passkey ceremony; `subject` ties a challenge to its link
-- or session.
CREATE TABLE owner_tickets (
  id TEXT PRIMARY KEY,
  kind TEXT NOT NULL CHECK (kind IN ('enrol-link', 'enrol', 'sign-in', 'add-passkey')),
  subject TEXT,
  expires_at BIGINT NOT NULL
);
CREATE INDEX owner_tickets_expires_at ON owner_tickets (expires_at);

-- Every sign-in, refused sign-in and change, for the owner to read.
CREATE TABLE owner_audit (
  id TEXT PRIMARY KEY,
  at BIGINT NOT NULL,
  action TEXT NOT NULL,
  detail TEXT,
  address TEXT
);
CREATE INDEX owner_audit_at ON owner_audit (at);

-- Push notifications waiting to go out (a new message, a pause of delivery), retried like
-- mail; one is deleted once delivered, and goes with its message.
CREATE TABLE notifications (
  id TEXT PRIMARY KEY,
  kind TEXT NOT NULL CHECK (kind IN ('message', 'delivery-paused')),
  message_id TEXT REFERENCES messages (id) ON DELETE CASCADE,
  detail TEXT,
  created_at BIGINT NOT NULL,
  state TEXT NOT NULL CHECK (state IN ('pending', 'sending', 'dead')),
  next_attempt_at BIGINT NOT NULL,
  attempts INTEGER NOT NULL DEFAULT 0,
  lease_owner TEXT,
  lease_until BIGINT,
  last_error TEXT
);
CREATE INDEX notifications_due ON notifications (state, next_attempt_at);
CREATE INDEX notifications_message_id ON notifications (message_id);

-- Accepting a group now also queues a push notification for each message that is not spam,
-- when the server sends them (the item's `notify`), in the same transaction as the message.
-- Otherwise as in 0005, step for step with the store's accept operation
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
    INSERT INTO messages (id, received_at, app_name, first_name, last_name, email, message, spam, spam_reason)
      VALUES (item->>'id', received, item->>'appName', item->>'firstName', item->>'lastName',
              item->>'email', item->>'message', (item->>'spam')::BOOLEAN, item->>'spamReason');
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
