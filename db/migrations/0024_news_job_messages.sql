-- A message on a job is news too: the firm's open slip shows it at once, and a message from
-- the provider rings the bell of the firm's users whose job it is.
ALTER TABLE "user_news" DROP CONSTRAINT "user_news_kind_ck";
--> statement-breakpoint
ALTER TABLE "user_news" ADD CONSTRAINT "user_news_kind_ck" CHECK ("kind" in ('job.status_changed', 'job.file_added', 'invoice.issued', 'job.message'));
