-- The caps on accepted messages (per client, per network, overall), kept in the store so
-- that a restart does not reset them: one row per accepted message and cap, forgotten
-- once past the cap's window. Keys are digests, never addresses.
CREATE TABLE acceptance_slots (
  key TEXT NOT NULL,
  at INTEGER NOT NULL
) STRICT;
CREATE INDEX acceptance_slots_key_at ON acceptance_slots (key, at);
CREATE INDEX acceptance_slots_at ON acceptance_slots (at);
