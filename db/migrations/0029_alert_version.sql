-- The version of a user's alert settings, one more at every change (Settings, or an unsubscribe link). An
-- unsubscribe link is signed with the version it was sent with and acts only while it is the current one, so an old
-- link does nothing once the user has turned the alert back on, and a link acts once.
ALTER TABLE "users" ADD COLUMN "alert_version" integer DEFAULT 0 NOT NULL;
