-- Groups of messages are accepted by the store's own operation (server/store/operations/
-- intake.ts), written once for both engines; the function that did it here is gone.
DROP FUNCTION IF EXISTS feedback_accept(JSONB);
