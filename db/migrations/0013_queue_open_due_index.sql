-- The staff queue's "Overdue" filter (lib/ops/queue.ts): jobs still open (neither Delivered nor Cancelled, no
-- delivery time) whose due time has passed, by due time. A partial index over exactly the open jobs serves its
-- page (the walk by due time needs no heap row to test the status) and its capped count (index-only, instead of
-- visiting up to COUNT_CAP + 1 heap rows on as many pages). The WHERE must stay the queue's overdue condition,
-- written the same way, for the planner to prove the index applies.
CREATE INDEX "jobs_open_due_idx" ON "jobs" USING btree ("due_at","id") WHERE "jobs"."status" not in (8, 10) and "jobs"."delivered_at" is null;
