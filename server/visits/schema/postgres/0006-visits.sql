-- Visits, counted without cookies, as in the SQLite engine (its 0005-visits.sql says what
-- each table holds): daily sums only, never an address or a user agent; the visitors
-- already counted today as keyed digests under the day's salt; the instances' public keys
-- and the day's salt sealed to each of them.
CREATE TABLE visit_counts (
  day TEXT NOT NULL,
  dimension TEXT NOT NULL
    CHECK (dimension IN ('site', 'page', 'app', 'device', 'referrer', 'not-found', 'button', 'qr')),
  key TEXT NOT NULL,
  detail TEXT NOT NULL DEFAULT '',
  hits BIGINT NOT NULL DEFAULT 0,
  visitors BIGINT NOT NULL DEFAULT 0,
  PRIMARY KEY (day, dimension, key, detail)
);

CREATE TABLE visit_seen (
  day TEXT NOT NULL,
  digest TEXT NOT NULL,
  PRIMARY KEY (day, digest)
);

CREATE TABLE visit_instances (
  instance TEXT PRIMARY KEY,
  public_key TEXT NOT NULL,
  seen_at BIGINT NOT NULL
);

CREATE TABLE visit_salt_shares (
  day TEXT NOT NULL,
  instance TEXT NOT NULL,
  sealed TEXT NOT NULL,
  PRIMARY KEY (day, instance)
);
