-- The language of the page a message was sent from (`es`), where it was not the site's
-- default; none for the default language and for messages stored before.
ALTER TABLE messages ADD COLUMN language TEXT;
