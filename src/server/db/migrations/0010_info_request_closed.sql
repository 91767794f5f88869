DROP INDEX "info_requests_one_open_idx";--> statement-breakpoint
ALTER TABLE "info_requests" ADD COLUMN "closed_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "info_requests_one_open_idx" ON "info_requests" USING btree ("loan_id") WHERE "info_requests"."answered_at" is null and "info_requests"."closed_at" is null;--> statement-breakpoint
-- Requests left open by a rejection before this change: closed at the rejection's instant.
UPDATE "info_requests" SET "closed_at" = coalesce("loan_requests"."decided_at", "loan_requests"."updated_at")
FROM "loan_requests"
WHERE "loan_requests"."id" = "info_requests"."loan_id"
  AND "loan_requests"."status" <> 'info_requested'
  AND "info_requests"."answered_at" IS NULL
  AND "info_requests"."closed_at" IS NULL;
