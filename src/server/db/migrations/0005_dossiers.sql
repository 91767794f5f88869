CREATE TABLE "approval_proposals" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "approval_proposals_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"loan_id" integer NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"approved_amount" bigint NOT NULL,
	"interest_rate" numeric(5, 2) NOT NULL,
	"monthly_payment" bigint NOT NULL,
	"proposed_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_by" text,
	"decided_at" timestamp with time zone,
	"comment" text,
	CONSTRAINT "approval_proposals_status_check" CHECK ("approval_proposals"."status" in ('pending', 'confirmed', 'returned', 'cancelled')),
	CONSTRAINT "approval_proposals_four_eyes_check" CHECK ("approval_proposals"."status" <> 'confirmed' or "approval_proposals"."decided_by" <> "approval_proposals"."proposed_by")
);
--> statement-breakpoint
CREATE TABLE "info_request_items" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "info_request_items_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"info_request_id" integer NOT NULL,
	"kind" text NOT NULL,
	"category" text NOT NULL,
	"document_id" uuid,
	"reason" text,
	"comment" text,
	"provided_document_id" uuid,
	CONSTRAINT "info_request_items_kind_check" CHECK ("info_request_items"."kind" in ('replace', 'add')),
	CONSTRAINT "info_request_items_replace_check" CHECK ("info_request_items"."kind" = 'add' or "info_request_items"."document_id" is not null)
);
--> statement-breakpoint
CREATE TABLE "info_requests" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "info_requests_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"loan_id" integer NOT NULL,
	"question" text,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"answer" text,
	"answered_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "loan_activities" DROP CONSTRAINT "loan_activities_type_check";--> statement-breakpoint
ALTER TABLE "loan_requests" DROP CONSTRAINT "loan_requests_status_check";--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "replaced_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "replaced_by" uuid;--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "review_verdict" text;--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "review_reason" text;--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "review_comment" text;--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "reviewed_by" text;--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "reviewed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "loan_activities" ADD COLUMN "document_id" uuid;--> statement-breakpoint
ALTER TABLE "loan_requests" ADD COLUMN "office" text DEFAULT 'abidjan' NOT NULL;--> statement-breakpoint
ALTER TABLE "loan_requests" ADD COLUMN "decided_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "user" ADD COLUMN "office" text;--> statement-breakpoint
ALTER TABLE "approval_proposals" ADD CONSTRAINT "approval_proposals_loan_id_loan_requests_id_fk" FOREIGN KEY ("loan_id") REFERENCES "public"."loan_requests"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_proposals" ADD CONSTRAINT "approval_proposals_proposed_by_user_id_fk" FOREIGN KEY ("proposed_by") REFERENCES "public"."user"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_proposals" ADD CONSTRAINT "approval_proposals_decided_by_user_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."user"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "info_request_items" ADD CONSTRAINT "info_request_items_info_request_id_info_requests_id_fk" FOREIGN KEY ("info_request_id") REFERENCES "public"."info_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "info_request_items" ADD CONSTRAINT "info_request_items_document_id_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."documents"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "info_request_items" ADD CONSTRAINT "info_request_items_provided_document_id_documents_id_fk" FOREIGN KEY ("provided_document_id") REFERENCES "public"."documents"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "info_requests" ADD CONSTRAINT "info_requests_loan_id_loan_requests_id_fk" FOREIGN KEY ("loan_id") REFERENCES "public"."loan_requests"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "info_requests" ADD CONSTRAINT "info_requests_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "approval_proposals_loan_created_idx" ON "approval_proposals" USING btree ("loan_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "approval_proposals_one_pending_idx" ON "approval_proposals" USING btree ("loan_id") WHERE "approval_proposals"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "info_request_items_request_idx" ON "info_request_items" USING btree ("info_request_id");--> statement-breakpoint
CREATE INDEX "info_requests_loan_created_idx" ON "info_requests" USING btree ("loan_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "info_requests_one_open_idx" ON "info_requests" USING btree ("loan_id") WHERE "info_requests"."answered_at" is null;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_replaced_by_documents_id_fk" FOREIGN KEY ("replaced_by") REFERENCES "public"."documents"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_reviewed_by_user_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."user"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_activities" ADD CONSTRAINT "loan_activities_document_id_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."documents"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "loan_requests_office_status_created_idx" ON "loan_requests" USING btree ("office","status","created_at");--> statement-breakpoint
CREATE INDEX "loan_requests_decided_at_idx" ON "loan_requests" USING btree ("decided_at") WHERE "loan_requests"."decided_at" is not null;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_review_check" CHECK ("documents"."review_verdict" is null or "documents"."review_verdict" in ('conforme', 'a_remplacer'));--> statement-breakpoint
ALTER TABLE "loan_activities" ADD CONSTRAINT "loan_activities_type_check" CHECK ("loan_activities"."type" in ('status_change', 'comment', 'document_added', 'assignment', 'document_review', 'document_replaced', 'approval_proposed', 'approval_returned'));--> statement-breakpoint
ALTER TABLE "loan_requests" ADD CONSTRAINT "loan_requests_office_check" CHECK ("loan_requests"."office" in ('abidjan', 'dakar', 'lome'));--> statement-breakpoint
ALTER TABLE "loan_requests" ADD CONSTRAINT "loan_requests_status_check" CHECK ("loan_requests"."status" in ('pending', 'in_review', 'info_requested', 'approved', 'rejected', 'completed'));--> statement-breakpoint
ALTER TABLE "user" ADD CONSTRAINT "user_office_check" CHECK ("user"."office" in ('abidjan', 'dakar', 'lome'));--> statement-breakpoint
-- Existing requests belong to the office serving their client's country (firm.ts officeForCountry).
UPDATE "loan_requests" SET "office" = CASE
	WHEN lower(f_unaccent(coalesce("user"."country", ''))) = 'senegal' THEN 'dakar'
	WHEN lower(f_unaccent(coalesce("user"."country", ''))) IN ('togo', 'benin') THEN 'lome'
	ELSE 'abidjan' END
FROM "user" WHERE "user"."id" = "loan_requests"."user_id";--> statement-breakpoint
-- Decided requests take the time of their decision from the history.
UPDATE "loan_requests" SET "decided_at" = "decision"."at"
FROM (
	SELECT "loan_id", max("created_at") AS "at" FROM "loan_activities"
	WHERE "type" = 'status_change' AND "new_value" IN ('approved', 'rejected')
	GROUP BY "loan_id"
) AS "decision"
WHERE "decision"."loan_id" = "loan_requests"."id" AND "loan_requests"."status" IN ('approved', 'rejected', 'completed');
