-- Visits, counted without cookies: daily sums only, never an address or a user agent.
-- One row per day and what it counts: the site (key ''), a page (its path), an app (its
-- slug), a device class, a referrer's domain, a path that found no page, a button of an
-- app (key the slug, detail the button) and a QR code shown (the same). `hits` are page
-- views, visits from a referrer, or clicks; `visitors` are the distinct visitors of the day.
CREATE TABLE visit_counts (
  day TEXT NOT NULL,
  dimension TEXT NOT NULL
    CHECK (dimension IN ('site', 'page', 'app', 'device', 'referrer', 'not-found', 'button', 'qr')),
  key TEXT NOT NULL,
  detail TEXT NOT NULL DEFAULT '',
  hits INTEGER NOT NULL DEFAULT 0,
  visitors INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (day, dimension, key, detail)
) STRICT, WITHOUT ROWID;

-- The visitors already counted today, so each counts once over every instance: a keyed
-- digest of what was seen (a page, an app…) and the visitor, under the day's salt, which
-- no instance keeps past the day. Emptied day by day.
CREATE TABLE visit_seen (
  day TEXT NOT NULL,
  digest TEXT NOT NULL,
  PRIMARY KEY (day, digest)
) STRICT, WITHOUT ROWID;

-- The running instances' public keys (each instance's private key is in its memory only)
-- and the day's salt sealed to each of them: no other reader can open a share, and once
-- the instances that hold the keys stop, nobody can.
CREATE TABLE visit_instances (
  instance TEXT PRIMARY KEY,
  public_key TEXT NOT NULL,
  seen_at INTEGER NOT NULL
) STRICT;

CREATE TABLE visit_salt_shares (
  day TEXT NOT NULL,
  instance TEXT NOT NULL,
  sealed TEXT NOT NULL,
  PRIMARY KEY (day, instance)
) STRICT, WITHOUT ROWID;
