-- One queue for every task done after a request: a message's mail (kind `mail`, its id the
-- message's), the owner's push notifications (kind `notify`: about a message, its id the
-- message's; or a pause of delivery, its reason in `detail`), and the digest of mail
-- waiting past the hourly cap (kind `digest`, one row: its turn). Each job is claimed under
-- a lease, tried, then sent, tried again later or dead; a sent mail stays as its message's
-- delivery. The outbox's and the notifications' rows move here as they are.
CREATE TABLE jobs (
  kind TEXT NOT NULL CHECK (kind IN ('mail', 'notify', 'digest')),
  id TEXT NOT NULL,
  message_id TEXT REFERENCES messages (id) ON DELETE CASCADE,
  detail TEXT,
  state TEXT NOT NULL CHECK (state IN ('pending', 'sending', 'sent', 'dead')),
  -- Start of the current cycle: retries give up counting from here.
  queued_at INTEGER NOT NULL,
  next_attempt_at INTEGER NOT NULL,
  attempts INTEGER NOT NULL DEFAULT 0,
  lease_holder TEXT,
  lease_until INTEGER,
  last_attempt_at INTEGER,
  last_error TEXT,
  sent_at INTEGER,
  response TEXT,
  PRIMARY KEY (kind, id)
) STRICT, WITHOUT ROWID;
CREATE INDEX jobs_due ON jobs (kind, state, next_attempt_at);
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
  SELECT 'digest', 'waiting', 'sent', CAST(value AS INTEGER), CAST(value AS INTEGER),
         CAST(value AS INTEGER)
  FROM meta WHERE key = 'last_digest_at' AND value GLOB '[0-9]*';
DELETE FROM meta WHERE key = 'last_digest_at';
DROP TABLE outbox;
DROP TABLE notifications;
