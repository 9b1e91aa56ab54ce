-- The owner's pages: whether the owner has read a message, the owner's passkeys, signed-in
-- sessions and one-time tickets (an enrolment link, a passkey ceremony's challenge), the
-- list of every sign-in and change, and the push notifications waiting to go out. A
-- message's own fields are still written once; only read_at changes.
ALTER TABLE messages ADD COLUMN read_at INTEGER;

-- A passkey: its credential id and public key (base64url), the authenticator's signature
-- counter and transports (a JSON array), and the name the owner gave it.
CREATE TABLE owner_passkeys (
  id TEXT PRIMARY KEY,
  public_key TEXT NOT NULL,
  counter INTEGER NOT NULL DEFAULT 0,
  transports TEXT NOT NULL DEFAULT '[]',
  name TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  last_used_at INTEGER
) STRICT;

-- A session: the digest of its cookie's secret (the secret itself is never stored), when it
-- began, was last used and ended (signed out or revoked), and where from.
CREATE TABLE owner_sessions (
  id TEXT PRIMARY KEY,
  passkey_id TEXT,
  created_at INTEGER NOT NULL,
  seen_at INTEGER NOT NULL,
  ended_at INTEGER,
  address TEXT NOT NULL,
  user_agent TEXT NOT NULL
) STRICT;

-- A one-time ticket, taken (deleted) when used: an enrolment link (the digest of its
-- secret), or a challenge of a passkey ceremony; `subject` ties a challenge to its link
-- or session.
CREATE TABLE owner_tickets (
  id TEXT PRIMARY KEY,
  kind TEXT NOT NULL CHECK (kind IN ('enrol-link', 'enrol', 'sign-in', 'add-passkey')),
  subject TEXT,
  expires_at INTEGER NOT NULL
) STRICT;
CREATE INDEX owner_tickets_expires_at ON owner_tickets (expires_at);

-- Every sign-in, refused sign-in and change, for the owner to read.
CREATE TABLE owner_audit (
  id TEXT PRIMARY KEY,
  at INTEGER NOT NULL,
  action TEXT NOT NULL,
  detail TEXT,
  address TEXT
) STRICT;
CREATE INDEX owner_audit_at ON owner_audit (at);

-- Push notifications waiting to go out (a new message, a pause of delivery), retried like
-- mail; one is deleted once delivered, and goes with its message.
CREATE TABLE notifications (
  id TEXT PRIMARY KEY,
  kind TEXT NOT NULL CHECK (kind IN ('message', 'delivery-paused')),
  message_id TEXT REFERENCES messages (id) ON DELETE CASCADE,
  detail TEXT,
  created_at INTEGER NOT NULL,
  state TEXT NOT NULL CHECK (state IN ('pending', 'sending', 'dead')),
  next_attempt_at INTEGER NOT NULL,
  attempts INTEGER NOT NULL DEFAULT 0,
  lease_owner TEXT,
  lease_until INTEGER,
  last_error TEXT
) STRICT;
CREATE INDEX notifications_due ON notifications (state, next_attempt_at);
CREATE INDEX notifications_message_id ON notifications (message_id);
