CREATE TABLE "sms_outbox" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sms_outbox_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"to_number" text NOT NULL,
	"body" text NOT NULL,
	"encoding" text NOT NULL,
	"segments" integer NOT NULL,
	"kind" text NOT NULL,
	"loan_id" integer,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"claimed_until" timestamp with time zone,
	"sent_at" timestamp with time zone,
	"failed_at" timestamp with time zone,
	"last_error" text,
	"message_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sms_outbox_encoding_check" CHECK ("sms_outbox"."encoding" in ('gsm7', 'ucs2'))
);
--> statement-breakpoint
CREATE TABLE "sms_receipts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sms_receipts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"message_id" text NOT NULL,
	"stat" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "info_requests" ADD COLUMN "reminder_sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "loan_id" integer;--> statement-breakpoint
ALTER TABLE "user" ADD COLUMN "notify_email" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "user" ADD COLUMN "notify_sms" boolean;--> statement-breakpoint
ALTER TABLE "user" ADD COLUMN "sms_phone" text;--> statement-breakpoint
ALTER TABLE "sms_outbox" ADD CONSTRAINT "sms_outbox_loan_id_loan_requests_id_fk" FOREIGN KEY ("loan_id") REFERENCES "public"."loan_requests"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sms_outbox_due_idx" ON "sms_outbox" USING btree ("next_attempt_at") WHERE "sms_outbox"."sent_at" is null and "sms_outbox"."failed_at" is null;--> statement-breakpoint
CREATE INDEX "sms_outbox_loan_idx" ON "sms_outbox" USING btree ("loan_id","created_at");--> statement-breakpoint
CREATE INDEX "sms_outbox_message_idx" ON "sms_outbox" USING btree ("message_id");--> statement-breakpoint
CREATE INDEX "sms_receipts_message_idx" ON "sms_receipts" USING btree ("message_id");--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD CONSTRAINT "mail_outbox_loan_id_loan_requests_id_fk" FOREIGN KEY ("loan_id") REFERENCES "public"."loan_requests"("id") ON DELETE set null ON UPDATE no action;