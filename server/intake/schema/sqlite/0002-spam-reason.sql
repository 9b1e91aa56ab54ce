-- Why a message was taken for spam (honeypot, too-fast, mostly-links); senders by address,
-- for a visitor's erasure request.
ALTER TABLE messages ADD COLUMN spam_reason TEXT;
UPDATE messages SET spam_reason = 'honeypot' WHERE spam = 1;
CREATE INDEX messages_email ON messages (email COLLATE NOCASE);
