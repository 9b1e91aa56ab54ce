-- The worker that holds a claim on a message or a notification is its lease's holder: the
-- column said "owner", the name of the site's owner everywhere else.
ALTER TABLE outbox RENAME COLUMN lease_owner TO lease_holder;
ALTER TABLE notifications RENAME COLUMN lease_owner TO lease_holder;
