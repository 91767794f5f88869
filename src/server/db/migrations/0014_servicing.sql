CREATE TABLE "contracts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "contracts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"loan_id" integer NOT NULL,
	"state" text DEFAULT 'prepared' NOT NULL,
	"amount" bigint NOT NULL,
	"duration_months" integer NOT NULL,
	"interest_rate" numeric(5, 2) NOT NULL,
	"fees_amount" bigint NOT NULL,
	"monthly_payment" bigint NOT NULL,
	"prepared_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"unsigned_document_id" uuid,
	"unsigned_sha256" text NOT NULL,
	"signed_document_id" uuid,
	"signed_sha256" text,
	"signer_id" text,
	"signed_at" timestamp with time zone,
	"signer_ip" text,
	"signer_user_agent" text,
	"code_hash" text,
	"code_expires_at" timestamp with time zone,
	"code_sent_at" timestamp with time zone,
	"wrong_attempts" integer DEFAULT 0 NOT NULL,
	"locked_until" timestamp with time zone,
	"withdrawn_at" timestamp with time zone,
	"withdrawn_by" text,
	"withdrawal_reason" text,
	CONSTRAINT "contracts_state_check" CHECK ("contracts"."state" in ('prepared', 'sent', 'signed', 'expired', 'withdrawn')),
	CONSTRAINT "contracts_amount_check" CHECK ("contracts"."amount" > 0 and "contracts"."fees_amount" >= 0),
	CONSTRAINT "contracts_signed_check" CHECK ("contracts"."state" <> 'signed' or ("contracts"."signed_at" is not null and "contracts"."signed_sha256" is not null))
);
--> statement-breakpoint
CREATE TABLE "disbursements" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "disbursements_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"loan_id" integer NOT NULL,
	"status" text NOT NULL,
	"disbursed_on" date NOT NULL,
	"channel" text NOT NULL,
	"reference" text NOT NULL,
	"amount" bigint NOT NULL,
	"reason" text,
	"needs_second_officer" boolean DEFAULT false NOT NULL,
	"recorded_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"confirmed_by" text,
	"confirmed_at" timestamp with time zone,
	CONSTRAINT "disbursements_status_check" CHECK ("disbursements"."status" in ('proposed', 'confirmed', 'cancelled')),
	CONSTRAINT "disbursements_channel_check" CHECK ("disbursements"."channel" in ('orange_money', 'wave', 'mtn_momo', 'moov', 'free_money', 'virement', 'especes')),
	CONSTRAINT "disbursements_amount_check" CHECK ("disbursements"."amount" > 0),
	CONSTRAINT "disbursements_four_eyes_check" CHECK ("disbursements"."status" <> 'confirmed' or not "disbursements"."needs_second_officer" or "disbursements"."confirmed_by" <> "disbursements"."recorded_by")
);
--> statement-breakpoint
CREATE TABLE "installments" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "installments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"loan_id" integer NOT NULL,
	"number" integer NOT NULL,
	"due_date" date NOT NULL,
	"principal" bigint NOT NULL,
	"interest" bigint NOT NULL,
	"principal_paid" bigint DEFAULT 0 NOT NULL,
	"interest_paid" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "installments_paid_check" CHECK ("installments"."principal_paid" between 0 and "installments"."principal" and "installments"."interest_paid" between 0 and "installments"."interest")
);
--> statement-breakpoint
CREATE TABLE "payment_allocations" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "payment_allocations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"payment_id" integer NOT NULL,
	"installment_id" integer NOT NULL,
	"kind" text NOT NULL,
	"principal" bigint NOT NULL,
	"interest" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_allocations_kind_check" CHECK ("payment_allocations"."kind" in ('payment', 'reversal'))
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "payments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"loan_id" integer NOT NULL,
	"paid_on" date NOT NULL,
	"amount" bigint NOT NULL,
	"channel" text NOT NULL,
	"reference" text NOT NULL,
	"recorded_by" text NOT NULL,
	"import_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reversed_at" timestamp with time zone,
	"reversed_by" text,
	"reversal_reason" text,
	CONSTRAINT "payments_amount_check" CHECK ("payments"."amount" > 0),
	CONSTRAINT "payments_channel_check" CHECK ("payments"."channel" in ('orange_money', 'wave', 'mtn_momo', 'moov', 'free_money', 'virement', 'especes')),
	CONSTRAINT "payments_reversal_check" CHECK ("payments"."reversed_at" is null or "payments"."reversal_reason" is not null)
);
--> statement-breakpoint
CREATE TABLE "reminders_sent" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "reminders_sent_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"installment_id" integer NOT NULL,
	"event" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reminders_sent_event_check" CHECK ("reminders_sent"."event" in ('due_soon', 'first_late_day'))
);
--> statement-breakpoint
CREATE TABLE "statement_imports" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "statement_imports_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"channel" text NOT NULL,
	"file_name" text NOT NULL,
	"file_sha256" text NOT NULL,
	"rows" jsonb NOT NULL,
	"imported_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "statement_imports_file_sha256_unique" UNIQUE("file_sha256"),
	CONSTRAINT "statement_imports_channel_check" CHECK ("statement_imports"."channel" in ('orange_money', 'wave', 'mtn_momo', 'moov', 'free_money', 'virement', 'especes'))
);
--> statement-breakpoint
CREATE TABLE "statement_mappings" (
	"channel" text PRIMARY KEY NOT NULL,
	"date_column" text NOT NULL,
	"amount_column" text NOT NULL,
	"reference_column" text NOT NULL,
	"phone_column" text,
	"updated_by" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "statement_mappings_channel_check" CHECK ("statement_mappings"."channel" in ('orange_money', 'wave', 'mtn_momo', 'moov', 'free_money', 'virement', 'especes'))
);
--> statement-breakpoint
ALTER TABLE "documents" DROP CONSTRAINT "documents_category_check";--> statement-breakpoint
ALTER TABLE "loan_activities" DROP CONSTRAINT "loan_activities_type_check";--> statement-breakpoint
ALTER TABLE "approval_proposals" ADD COLUMN "fees_amount" bigint;--> statement-breakpoint
ALTER TABLE "loan_requests" ADD COLUMN "fees_amount" bigint;--> statement-breakpoint
ALTER TABLE "loan_requests" ADD COLUMN "servicing_stage" text;--> statement-breakpoint
ALTER TABLE "loan_requests" ADD COLUMN "next_due_date" date;--> statement-breakpoint
ALTER TABLE "loan_requests" ADD COLUMN "principal_outstanding" bigint;--> statement-breakpoint
ALTER TABLE "contracts" ADD CONSTRAINT "contracts_loan_id_loan_requests_id_fk" FOREIGN KEY ("loan_id") REFERENCES "public"."loan_requests"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contracts" ADD CONSTRAINT "contracts_prepared_by_user_id_fk" FOREIGN KEY ("prepared_by") REFERENCES "public"."user"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contracts" ADD CONSTRAINT "contracts_unsigned_document_id_documents_id_fk" FOREIGN KEY ("unsigned_document_id") REFERENCES "public"."documents"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contracts" ADD CONSTRAINT "contracts_signed_document_id_documents_id_fk" FOREIGN KEY ("signed_document_id") REFERENCES "public"."documents"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contracts" ADD CONSTRAINT "contracts_signer_id_user_id_fk" FOREIGN KEY ("signer_id") REFERENCES "public"."user"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contracts" ADD CONSTRAINT "contracts_withdrawn_by_user_id_fk" FOREIGN KEY ("withdrawn_by") REFERENCES "public"."user"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "disbursements" ADD CONSTRAINT "disbursements_loan_id_loan_requests_id_fk" FOREIGN KEY ("loan_id") REFERENCES "public"."loan_requests"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "disbursements" ADD CONSTRAINT "disbursements_recorded_by_user_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."user"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "disbursements" ADD CONSTRAINT "disbursements_confirmed_by_user_id_fk" FOREIGN KEY ("confirmed_by") REFERENCES "public"."user"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "installments" ADD CONSTRAINT "installments_loan_id_loan_requests_id_fk" FOREIGN KEY ("loan_id") REFERENCES "public"."loan_requests"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_allocations" ADD CONSTRAINT "payment_allocations_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_allocations" ADD CONSTRAINT "payment_allocations_installment_id_installments_id_fk" FOREIGN KEY ("installment_id") REFERENCES "public"."installments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_loan_id_loan_requests_id_fk" FOREIGN KEY ("loan_id") REFERENCES "public"."loan_requests"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_recorded_by_user_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."user"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_import_id_statement_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."statement_imports"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_reversed_by_user_id_fk" FOREIGN KEY ("reversed_by") REFERENCES "public"."user"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reminders_sent" ADD CONSTRAINT "reminders_sent_installment_id_installments_id_fk" FOREIGN KEY ("installment_id") REFERENCES "public"."installments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "statement_imports" ADD CONSTRAINT "statement_imports_imported_by_user_id_fk" FOREIGN KEY ("imported_by") REFERENCES "public"."user"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "statement_mappings" ADD CONSTRAINT "statement_mappings_updated_by_user_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."user"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contracts_loan_idx" ON "contracts" USING btree ("loan_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "contracts_one_live_idx" ON "contracts" USING btree ("loan_id") WHERE "contracts"."state" in ('prepared', 'sent', 'signed');--> statement-breakpoint
CREATE UNIQUE INDEX "disbursements_one_live_idx" ON "disbursements" USING btree ("loan_id") WHERE "disbursements"."status" in ('proposed', 'confirmed');--> statement-breakpoint
CREATE UNIQUE INDEX "installments_loan_number_idx" ON "installments" USING btree ("loan_id","number");--> statement-breakpoint
CREATE INDEX "installments_unpaid_due_idx" ON "installments" USING btree ("due_date") WHERE "installments"."principal_paid" + "installments"."interest_paid" < "installments"."principal" + "installments"."interest";--> statement-breakpoint
CREATE INDEX "installments_unpaid_loan_idx" ON "installments" USING btree ("loan_id","due_date") WHERE "installments"."principal_paid" + "installments"."interest_paid" < "installments"."principal" + "installments"."interest";--> statement-breakpoint
CREATE INDEX "payment_allocations_payment_idx" ON "payment_allocations" USING btree ("payment_id");--> statement-breakpoint
CREATE INDEX "payment_allocations_installment_idx" ON "payment_allocations" USING btree ("installment_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_channel_reference_idx" ON "payments" USING btree ("channel","reference");--> statement-breakpoint
CREATE INDEX "payments_loan_idx" ON "payments" USING btree ("loan_id","paid_on");--> statement-breakpoint
CREATE INDEX "payments_paid_on_idx" ON "payments" USING btree ("paid_on");--> statement-breakpoint
CREATE UNIQUE INDEX "reminders_sent_once_idx" ON "reminders_sent" USING btree ("installment_id","event");--> statement-breakpoint
CREATE INDEX "statement_imports_created_idx" ON "statement_imports" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "loan_requests_servicing_idx" ON "loan_requests" USING btree ("servicing_stage","office","next_due_date","principal_outstanding") WHERE "loan_requests"."servicing_stage" is not null;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_category_check" CHECK ("documents"."category" in ('identite', 'revenu', 'banque', 'fiscal', 'domicile', 'professionnel', 'autre', 'contrat'));--> statement-breakpoint
ALTER TABLE "loan_activities" ADD CONSTRAINT "loan_activities_type_check" CHECK ("loan_activities"."type" in ('status_change', 'comment', 'document_added', 'assignment', 'document_review', 'document_replaced', 'approval_proposed', 'approval_returned', 'contract_prepared', 'contract_withdrawn', 'contract_signed', 'disbursement_proposed', 'disbursement', 'payment', 'payment_reversed'));--> statement-breakpoint
ALTER TABLE "loan_requests" ADD CONSTRAINT "loan_requests_servicing_stage_check" CHECK ("loan_requests"."servicing_stage" in ('contract', 'to_disburse', 'repaying', 'repaid'));