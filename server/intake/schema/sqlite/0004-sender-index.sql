-- Senders are found by address in any case, written the same way on both engines:
-- lower(email) = lower(?).
DROP INDEX messages_email;
CREATE INDEX messages_email ON messages (lower(email));
