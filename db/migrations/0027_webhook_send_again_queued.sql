-- "Send again" on a webhook delivery puts it back in the one queue instead of sending it itself: the
-- flag tells the worker that the next attempt is a person's, so the attempt log says "sent again by staff".
ALTER TABLE "webhook_deliveries" ADD COLUMN "resend_requested" boolean DEFAULT false NOT NULL;
