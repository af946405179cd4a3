-- Every user's current password is in their password history, so it counts among the last 10 they may not use
-- again after they change it (spec §5, §9). Passwords given by the demo data or a script never went through the
-- portal's password change, which writes the history; they are added here, dated when they were set. Users without
-- a password yet (an invitation, whose stored value starts with '!') have nothing to add.
INSERT INTO "password_history" ("user_id", "password_hash", "created_at")
SELECT u."id", u."password_hash", u."password_changed_at"
FROM "users" u
WHERE u."password_hash" NOT LIKE '!%'
  AND u."password_hash" <> ''
  AND NOT EXISTS (
    SELECT 1 FROM "password_history" h WHERE h."user_id" = u."id" AND h."password_hash" = u."password_hash"
  );
