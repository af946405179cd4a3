-- Existing client users get the job alerts new users start with (order received, On Hold, Ready For
-- Delivery, Delivered, and the invoice alert; lib/reference.ts DEFAULT_JOB_ALERT_STATUSES), but only where they
-- never chose: their settings are still the old untouched defaults (no job status chosen, no invoice alert,
-- instant e-mails about their own jobs) and the audit log holds no choice of theirs (alerts saved, settings saved
-- with their alerts, or an alert unsubscribed). A user who turned every alert off keeps them off.
WITH "untouched" AS (
  SELECT u."id"
  FROM "users" u
  WHERE u."client_id" IS NOT NULL
    AND u."role" IN (3, 4, 5, 6, 7, 8)
    AND u."invoice_alert" = false
    AND u."job_alert_mode" = 'instant'
    AND u."job_alert_scope" = 'mine'
    AND NOT EXISTS (SELECT 1 FROM "user_job_alerts" a WHERE a."user_id" = u."id")
    AND NOT EXISTS (
      SELECT 1 FROM "audit_log" l
      WHERE l."client_id" = u."client_id" AND l."actor_user_id" = u."id"
        AND l."target_type" = 'user' AND l."target_id" = u."id"::text
        AND (l."action" IN ('settings.alerts_updated', 'settings.alert_unsubscribed')
          OR (l."action" = 'settings.updated' AND coalesce(l."details"->>'alerts', 'replaced') = 'replaced'))
    )
), "turned_on" AS (
  UPDATE "users" SET "invoice_alert" = true WHERE "id" IN (SELECT "id" FROM "untouched") RETURNING "id"
)
INSERT INTO "user_job_alerts" ("user_id", "job_status_id")
SELECT t."id", s."id" FROM "turned_on" t JOIN "job_statuses" s ON s."id" IN (12, 3, 4, 8)
ON CONFLICT DO NOTHING;
