-- E-mail as part of the product. The supplier settings keep the brand colour of the e-mails' button and header
-- (null: the portal's own colour). A client user gets a confirmation of each order they place unless they turn it
-- off (order_confirmation, on for everyone). The job alerts a user starts with now also cover the statuses where
-- the firm is waiting for or told to act: Cost Estimate, Ready For Collection and Waiting For Payment (with
-- Submitted, On Hold, Ready For Delivery and Delivered; lib/reference.ts DEFAULT_JOB_ALERT_STATUSES). A user who
-- never chose gets them too: their alerts are still exactly the earlier defaults (Submitted, On Hold, Ready For
-- Delivery, Delivered, the invoice alert, instant, their own jobs) and the audit log holds no choice of theirs
-- (as migration 0015 tells it). Whoever chose keeps their choice.
ALTER TABLE "supplier_settings" ADD COLUMN "brand_colour" text;--> statement-breakpoint
ALTER TABLE "supplier_settings" ADD CONSTRAINT "supplier_settings_brand_colour_ck" CHECK ("brand_colour" IS NULL OR "brand_colour" ~ '^#[0-9a-f]{6}$');--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "order_confirmation" boolean DEFAULT true NOT NULL;--> statement-breakpoint
WITH "untouched" AS (
  SELECT u."id"
  FROM "users" u
  WHERE u."client_id" IS NOT NULL
    AND u."role" IN (3, 4, 5, 6, 7, 8)
    AND u."invoice_alert" = true
    AND u."job_alert_mode" = 'instant'
    AND u."job_alert_scope" = 'mine'
    AND (SELECT array_agg(a."job_status_id" ORDER BY a."job_status_id") FROM "user_job_alerts" a
         WHERE a."user_id" = u."id") = ARRAY[3, 4, 8, 12]::smallint[]
    AND NOT EXISTS (
      SELECT 1 FROM "audit_log" l
      WHERE l."client_id" = u."client_id" AND l."actor_user_id" = u."id"
        AND l."target_type" = 'user' AND l."target_id" = u."id"::text
        AND (l."action" IN ('settings.alerts_updated', 'settings.alert_unsubscribed')
          OR (l."action" = 'settings.updated' AND coalesce(l."details"->>'alerts', 'replaced') = 'replaced'))
    )
)
INSERT INTO "user_job_alerts" ("user_id", "job_status_id")
SELECT t."id", s."id" FROM "untouched" t JOIN "job_statuses" s ON s."id" IN (15, 6, 13)
ON CONFLICT DO NOTHING;
