-- The store's tables. A message is written once and never changed; its outbox entry holds
-- its delivery: state, attempts, lease and last error. A message marked as spam has no
-- outbox entry, so it is never mailed.
CREATE TABLE meta (
  key TEXT PRIMARY KEY,
  value TEXT NOT NULL
) STRICT;

CREATE TABLE messages (
  id TEXT PRIMARY KEY,
  received_at INTEGER NOT NULL,
  app_name TEXT NOT NULL,
  first_name TEXT NOT NULL,
  last_name TEXT NOT NULL,
  email TEXT NOT NULL,
  message TEXT NOT NULL,
  spam INTEGER NOT NULL DEFAULT 0 CHECK (spam IN (0, 1))
) STRICT;
CREATE INDEX messages_received_at ON messages (received_at);

CREATE TABLE outbox (
  message_id TEXT PRIMARY KEY REFERENCES messages (id) ON DELETE CASCADE,
  state TEXT NOT NULL CHECK (state IN ('pending', 'sending', 'sent', 'dead')),
  -- Start of the current delivery cycle: retries give up counting from here.
  queued_at INTEGER NOT NULL,
  next_attempt_at INTEGER NOT NULL,
  attempts INTEGER NOT NULL DEFAULT 0,
  lease_owner TEXT,
  lease_until INTEGER,
  last_attempt_at INTEGER,
  last_error TEXT,
  sent_at INTEGER,
  smtp_response TEXT
) STRICT;
CREATE INDEX outbox_due ON outbox (state, next_attempt_at);
CREATE INDEX outbox_sent_at ON outbox (sent_at) WHERE sent_at IS NOT NULL;

CREATE TABLE delivery_attempts (
  message_id TEXT NOT NULL REFERENCES messages (id) ON DELETE CASCADE,
  attempt INTEGER NOT NULL,
  started_at INTEGER NOT NULL,
  finished_at INTEGER NOT NULL,
  outcome TEXT NOT NULL CHECK (outcome IN ('sent', 'retry', 'dead')),
  detail TEXT,
  PRIMARY KEY (message_id, attempt)
) STRICT, WITHOUT ROWID;

CREATE TABLE idempotency_keys (
  key TEXT PRIMARY KEY,
  message_id TEXT NOT NULL REFERENCES messages (id) ON DELETE CASCADE,
  created_at INTEGER NOT NULL
) STRICT, WITHOUT ROWID;
CREATE INDEX idempotency_keys_created_at ON idempotency_keys (created_at);
CREATE INDEX idempotency_keys_message_id ON idempotency_keys (message_id);
