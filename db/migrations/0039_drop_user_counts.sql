-- The user counters go: the user list counts a firm's active users (of a role) in its page's own statement, which
-- costs a fraction of a millisecond at the hundreds of users a firm has, so the triggers on every write to
-- `users` bought under a tenth of the list's time (docs/decisions/049-speed-machinery-receipts.md).
DROP TRIGGER IF EXISTS "users_counts_insert" ON "users";
--> statement-breakpoint
DROP TRIGGER IF EXISTS "users_counts_update" ON "users";
--> statement-breakpoint
DROP TRIGGER IF EXISTS "users_counts_delete" ON "users";
--> statement-breakpoint
DROP TRIGGER IF EXISTS "users_counts_truncate" ON "users";
--> statement-breakpoint
DROP FUNCTION IF EXISTS "user_counts_apply"();
--> statement-breakpoint
DROP FUNCTION IF EXISTS "user_counts_after_truncate"();
--> statement-breakpoint
DROP TABLE IF EXISTS "user_counts";
