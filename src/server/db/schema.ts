import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { paymentChannels } from "../../domain/api/servicing";
import { documentCategories } from "../../domain/document-category";
import { loanActivityTypes } from "../../domain/loan-activity";

// The whole data model (DESIGN.md "Data"). Property names are camelCase because better-auth's
// drizzle adapter maps its field names to them; the columns themselves are snake_case.

const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
const updatedAt = () =>
  timestamp("updated_at", { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());

/** better-auth's user table, extended with the profile (the spec's `profiles`). */
export const user = pgTable(
  "user",
  {
    id: text("id").primaryKey(),
    name: text("name").notNull(),
    email: text("email").notNull().unique(),
    emailVerified: boolean("email_verified").notNull().default(false),
    image: text("image"),
    firstName: text("first_name").notNull().default(""),
    lastName: text("last_name").notNull().default(""),
    phone: text("phone"),
    address: text("address"),
    city: text("city"),
    country: text("country"),
    postalCode: text("postal_code"),
    role: text("role", { enum: ["client", "admin"] })
      .notNull()
      .default("client"),
    /** The office an officer works in (issue 8); null for clients and officers without one. */
    office: text("office", { enum: ["abidjan", "dakar", "lome"] }),
    /** The client's channels (issue 18, 'Mon profil'): e-mail notices, on unless turned off. */
    notifyEmail: boolean("notify_email").notNull().default(true),
    /**
     * SMS notices: null until the client chooses, and then on only when a mobile number is known
     * (notices/channels.ts).
     */
    notifySms: boolean("notify_sms"),
    /** The mobile number SMS go to, in E.164 ("+2250708091011"); null: the profile's phone. */
    smsPhone: text("sms_phone"),
    /** better-auth's twoFactor plugin: true once a TOTP enrolment was confirmed with a code. */
    twoFactorEnabled: boolean("two_factor_enabled").notNull().default(false),
    /**
     * When the client closed the account (issue 18, 'Fermer mon compte'): no sign-in from then
     * on. The retention job (data-rights/retention.ts) removes what is left once
     * RETENTION_YEARS have passed since.
     */
    closedAt: timestamp("closed_at", { withTimezone: true }),
    /** The retention job's claim on a closed account being removed (one instance at a time). */
    purgeClaimedUntil: timestamp("purge_claimed_until", { withTimezone: true }),
    /**
     * First name, last name and e-mail, lower case and without accents (migration 0002 defines
     * f_unaccent over the unaccent extension): what the officers' searches match, through a
     * trigram index. Searches normalise the term with the same function.
     */
    searchText: text("search_text").generatedAlwaysAs(
      sql`f_unaccent(lower(first_name || ' ' || last_name || ' ' || email))`,
    ),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    check("user_role_check", sql`${table.role} in ('client', 'admin')`),
    check("user_office_check", sql`${table.office} in ('abidjan', 'dakar', 'lome')`),
    index("user_role_created_at_idx").on(table.role, table.createdAt),
    index("user_closed_at_idx").on(table.closedAt).where(sql`${table.closedAt} is not null`),
    index("user_search_text_trgm_idx").using("gin", sql`${table.searchText} public.gin_trgm_ops`),
  ],
);

export const session = pgTable(
  "session",
  {
    id: text("id").primaryKey(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    token: text("token").notNull().unique(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
  },
  (table) => [index("session_user_id_idx").on(table.userId)],
);

export const account = pgTable(
  "account",
  {
    id: text("id").primaryKey(),
    accountId: text("account_id").notNull(),
    providerId: text("provider_id").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    accessToken: text("access_token"),
    refreshToken: text("refresh_token"),
    idToken: text("id_token"),
    accessTokenExpiresAt: timestamp("access_token_expires_at", { withTimezone: true }),
    refreshTokenExpiresAt: timestamp("refresh_token_expires_at", { withTimezone: true }),
    scope: text("scope"),
    password: text("password"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [index("account_user_id_idx").on(table.userId)],
);

export const verification = pgTable(
  "verification",
  {
    id: text("id").primaryKey(),
    identifier: text("identifier").notNull(),
    value: text("value").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [index("verification_identifier_idx").on(table.identifier)],
);

/**
 * better-auth's twoFactor plugin: the account's TOTP key and backup codes, both encrypted with
 * the auth secret; `verified` is false between "enable" and the first code confirmed. The
 * failure count and lock are the plugin's per-account limit on wrong codes.
 */
export const twoFactor = pgTable(
  "two_factor",
  {
    id: text("id").primaryKey(),
    secret: text("secret").notNull(),
    backupCodes: text("backup_codes").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    verified: boolean("verified").notNull().default(true),
    failedVerificationCount: integer("failed_verification_count").notNull().default(0),
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
    /**
     * The 30-second step of the last TOTP code accepted (RFC 6238 section 5.2): a code of that
     * step or an earlier one is refused afterwards, on every instance (auth/totp-replay.ts).
     */
    lastTotpStep: bigint("last_totp_step", { mode: "number" }),
  },
  (table) => [uniqueIndex("two_factor_user_id_idx").on(table.userId)],
);

export const loanRequests = pgTable(
  "loan_requests",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    // A client with loan requests cannot be deleted by accident: the history is kept.
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "restrict" }),
    loanType: text("loan_type", {
      enum: ["business", "mortgage", "personal", "education", "auto"],
    }).notNull(),
    amount: bigint("amount", { mode: "number" }).notNull(),
    durationMonths: integer("duration_months").notNull(),
    purpose: text("purpose").notNull(),
    description: text("description").notNull().default(""),
    monthlyIncome: bigint("monthly_income", { mode: "number" }),
    status: text("status", {
      enum: ["pending", "in_review", "info_requested", "approved", "rejected", "completed"],
    })
      .notNull()
      .default("pending"),
    assignedTo: text("assigned_to").references(() => user.id, { onDelete: "set null" }),
    rejectionReason: text("rejection_reason"),
    approvedAmount: bigint("approved_amount", { mode: "number" }),
    interestRate: numeric("interest_rate", { precision: 5, scale: 2 }),
    monthlyPayment: bigint("monthly_payment", { mode: "number" }),
    /** The office that handles the request, chosen by the client in step 1 (issue 8). */
    office: text("office", { enum: ["abidjan", "dakar", "lome"] })
      .notNull()
      .default("abidjan"),
    /**
     * When the request was decided (approved or rejected): the 48 h promise's median decision
     * time reads it. Set in the transaction of the change; a confirmed four-eyes approval decides
     * at its confirmation.
     */
    decidedAt: timestamp("decided_at", { withTimezone: true }),
    // Drawn once per request by the wizard: a double tap or a retry creates one request.
    submissionKey: uuid("submission_key"),
    /**
     * A copy of the client's user.search_text (name and e-mail, unaccented, lower case), so that
     * the officers' search and its exact count read loan_requests alone (issue 19). Kept by
     * triggers (migration 0012): set from the client on insert and on a change of user_id, and
     * rewritten on every request of a client whose name or e-mail changes. The default is only
     * what the insert trigger overwrites; the application never writes this column.
     */
    searchText: text("search_text").notNull().default(""),
    /** The fees the officer set when approving (issue 28), whole FCFA. */
    feesAmount: bigint("fees_amount", { mode: "number" }),
    /**
     * Where an approved loan stands after the decision (issue 28): 'contract' (to sign),
     * 'to_disburse' (signed), 'repaying', 'repaid'; null before the approval. Written by the
     * servicing module in the transaction of each step; the officers' `suivi` filter reads it.
     */
    servicingStage: text("servicing_stage", {
      enum: ["contract", "to_disburse", "repaying", "repaid"],
    }),
    /** The oldest instalment not paid in full: before today, the loan is late. */
    nextDueDate: date("next_due_date", { mode: "string" }),
    /** The principal still owed (whole FCFA): the portfolio figures sum it. */
    principalOutstanding: bigint("principal_outstanding", { mode: "number" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    check(
      "loan_requests_servicing_stage_check",
      sql`${table.servicingStage} in ('contract', 'to_disburse', 'repaying', 'repaid')`,
    ),
    // The `suivi` filters and the portfolio figures: the loans in one stage, by office (the
    // figures' grouping), with their next due date and principal outstanding: read alone.
    index("loan_requests_servicing_idx")
      .on(table.servicingStage, table.office, table.nextDueDate, table.principalOutstanding)
      .where(sql`${table.servicingStage} is not null`),
    uniqueIndex("loan_requests_user_submission_key_idx").on(table.userId, table.submissionKey),
    check(
      "loan_requests_loan_type_check",
      sql`${table.loanType} in ('business', 'mortgage', 'personal', 'education', 'auto')`,
    ),
    check(
      "loan_requests_status_check",
      sql`${table.status} in ('pending', 'in_review', 'info_requested', 'approved', 'rejected', 'completed')`,
    ),
    check("loan_requests_amount_check", sql`${table.amount} > 0`),
    check("loan_requests_office_check", sql`${table.office} in ('abidjan', 'dakar', 'lome')`),
    check("loan_requests_duration_check", sql`${table.durationMonths} > 0`),
    // A client's requests newest first (their list), and the officers' search: the matching
    // clients' requests, ordered and filtered from the index alone (0003 replaced the
    // (user_id, created_at) index with this one).
    index("loan_requests_user_created_id_idx").on(
      table.userId,
      table.createdAt,
      table.id,
      table.status,
      table.loanType,
    ),
    index("loan_requests_status_created_idx").on(table.status, table.createdAt),
    // The exact total of a status filter combined with a search: the matching clients' ids are
    // hashed and this index is read alone (index-only scan), never the table (0004; 20 ms -> 8 ms
    // for a three-letter search over 100 000 requests).
    index("loan_requests_status_user_idx").on(table.status, table.userId),
    // The officers' search on the copy above: `like '%term%'` answered by trigrams (0012).
    index("loan_requests_search_text_trgm_idx").using(
      "gin",
      sql`${table.searchText} public.gin_trgm_ops`,
    ),
    // The officers' list without a status filter: newest first, id breaking ties (0003).
    index("loan_requests_created_id_idx").on(table.createdAt, table.id),
    // Its exact totals by type, and by type and status, counted from the index alone (0003).
    index("loan_requests_type_status_idx").on(table.loanType, table.status),
    index("loan_requests_assigned_to_idx").on(table.assignedTo),
    // The office filter of the list and the dashboard (0005).
    index("loan_requests_office_status_created_idx").on(
      table.office,
      table.status,
      table.createdAt,
    ),
    // The median decision time of the last 30 days (0005).
    index("loan_requests_decided_at_idx")
      .on(table.decidedAt)
      .where(sql`${table.decidedAt} is not null`),
  ],
);

export const documents = pgTable(
  "documents",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    // Identity documents and bank statements are never lost silently: deleting their owner or
    // their loan is refused while they exist.
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "restrict" }),
    loanId: integer("loan_id").references(() => loanRequests.id, { onDelete: "restrict" }),
    fileName: text("file_name").notNull(),
    fileType: text("file_type").notNull(),
    fileSize: integer("file_size").notNull(),
    storageKey: text("storage_key").notNull().unique(),
    category: text("category", { enum: documentCategories }).notNull(),
    uploadedAt: timestamp("uploaded_at", { withTimezone: true }).notNull().defaultNow(),
    /**
     * A replaced document is never deleted (issue 8): it stays, marked replaced, in the history,
     * and no longer counts as one of the request's current documents.
     */
    replacedAt: timestamp("replaced_at", { withTimezone: true }),
    replacedBy: uuid("replaced_by").references((): AnyPgColumn => documents.id, {
      onDelete: "restrict",
    }),
    /** The officers' latest verdict on it (the history keeps every one as an activity). */
    reviewVerdict: text("review_verdict", { enum: ["conforme", "a_remplacer"] }),
    reviewReason: text("review_reason", {
      enum: ["illisible", "expire", "incomplet", "ne_correspond_pas", "autre"],
    }),
    reviewComment: text("review_comment"),
    reviewedBy: text("reviewed_by").references(() => user.id, { onDelete: "restrict" }),
    reviewedAt: timestamp("reviewed_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    check(
      "documents_review_check",
      sql`${table.reviewVerdict} is null or ${table.reviewVerdict} in ('conforme', 'a_remplacer')`,
    ),
    check(
      "documents_category_check",
      sql`${table.category} in ('identite', 'revenu', 'banque', 'fiscal', 'domicile', 'professionnel', 'autre', 'contrat')`,
    ),
    check("documents_file_size_check", sql`${table.fileSize} >= 0`),
    index("documents_user_id_idx").on(table.userId, table.createdAt),
    index("documents_loan_id_idx").on(table.loanId),
  ],
);

/**
 * Resumable uploads in progress or finished but not yet attached to a document. The file lives in
 * the storage under `storageKey`; attaching deletes the row and the document takes the key over.
 * Rows older than a day are swept with their files (uploads/upload-sweeper.ts); a removed row's
 * file is named in storage_deletions in the same transaction, so a crash leaves no orphan file.
 */
export const uploads = pgTable(
  "uploads",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    storageKey: text("storage_key").notNull().unique(),
    fileName: text("file_name").notNull(),
    /** Declared by the browser when the upload starts. */
    fileSize: integer("file_size").notNull(),
    /** Sniffed from the first bytes once the upload is complete; null until then. */
    fileType: text("file_type"),
    completedAt: timestamp("completed_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    check("uploads_file_size_check", sql`${table.fileSize} >= 0`),
    index("uploads_user_created_idx").on(table.userId, table.createdAt),
    index("uploads_created_idx").on(table.createdAt),
  ],
);

export const loanActivities = pgTable(
  "loan_activities",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    loanId: integer("loan_id")
      .notNull()
      .references(() => loanRequests.id, { onDelete: "cascade" }),
    type: text("type", { enum: loanActivityTypes }).notNull(),
    oldValue: text("old_value"),
    newValue: text("new_value"),
    comment: text("comment"),
    documentName: text("document_name"),
    /** The document an activity is about (a verdict, a replacement, an addition). */
    documentId: uuid("document_id").references(() => documents.id, { onDelete: "set null" }),
    // The trail outlives nobody: an author with activities cannot be deleted.
    createdBy: text("created_by").references(() => user.id, { onDelete: "restrict" }),
    createdAt: createdAt(),
  },
  (table) => [
    check(
      "loan_activities_type_check",
      sql`${table.type} in ('status_change', 'comment', 'document_added', 'assignment', 'document_review', 'document_replaced', 'approval_proposed', 'approval_returned', 'contract_prepared', 'contract_withdrawn', 'contract_signed', 'disbursement_proposed', 'disbursement', 'payment', 'payment_reversed')`,
    ),
    index("loan_activities_loan_created_idx").on(table.loanId, table.createdAt),
  ],
);

export const loanNotes = pgTable(
  "loan_notes",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    loanId: integer("loan_id")
      .notNull()
      .references(() => loanRequests.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "restrict" }),
    note: text("note").notNull(),
    createdAt: createdAt(),
  },
  (table) => [index("loan_notes_loan_created_idx").on(table.loanId, table.createdAt)],
);

/**
 * A request for more information (issue 8, 'Demander un complément'): what the officer asked and
 * the client's answer. At most one is open (unanswered) per loan request.
 */
export const infoRequests = pgTable(
  "info_requests",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    loanId: integer("loan_id")
      .notNull()
      .references(() => loanRequests.id, { onDelete: "restrict" }),
    question: text("question"),
    createdBy: text("created_by")
      .notNull()
      .references(() => user.id, { onDelete: "restrict" }),
    createdAt: createdAt(),
    answer: text("answer"),
    answeredAt: timestamp("answered_at", { withTimezone: true }),
    /** When the 48 h reminder was queued (at most one per request for complements). */
    reminderSentAt: timestamp("reminder_sent_at", { withTimezone: true }),
    /**
     * When the request stopped waiting without the client's answer: the officer rejected the
     * loan meanwhile (its complements can no longer be sent). Open: neither answered nor closed.
     */
    closedAt: timestamp("closed_at", { withTimezone: true }),
  },
  (table) => [
    index("info_requests_loan_created_idx").on(table.loanId, table.createdAt),
    uniqueIndex("info_requests_one_open_idx")
      .on(table.loanId)
      .where(sql`${table.answeredAt} is null and ${table.closedAt} is null`),
  ],
);

/** One thing asked: a document to replace (with the verdict's reason) or a category to add. */
export const infoRequestItems = pgTable(
  "info_request_items",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    infoRequestId: integer("info_request_id")
      .notNull()
      .references(() => infoRequests.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: ["replace", "add"] }).notNull(),
    category: text("category", { enum: documentCategories }).notNull(),
    /** The document to replace (kind 'replace'). */
    documentId: uuid("document_id").references(() => documents.id, { onDelete: "restrict" }),
    reason: text("reason", {
      enum: ["illisible", "expire", "incomplet", "ne_correspond_pas", "autre"],
    }),
    comment: text("comment"),
    /** The document the client sent for it; null until then. */
    providedDocumentId: uuid("provided_document_id").references(() => documents.id, {
      onDelete: "restrict",
    }),
  },
  (table) => [
    check("info_request_items_kind_check", sql`${table.kind} in ('replace', 'add')`),
    check(
      "info_request_items_replace_check",
      sql`${table.kind} = 'add' or ${table.documentId} is not null`,
    ),
    index("info_request_items_request_idx").on(table.infoRequestId),
  ],
);

/**
 * A four-eyes approval (issue 8): above APPROVAL_SECOND_OFFICER_ABOVE, 'Approuver' records a
 * proposal that a second administrator confirms or sends back. At most one is pending per request.
 */
export const approvalProposals = pgTable(
  "approval_proposals",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    loanId: integer("loan_id")
      .notNull()
      .references(() => loanRequests.id, { onDelete: "restrict" }),
    status: text("status", { enum: ["pending", "confirmed", "returned", "cancelled"] })
      .notNull()
      .default("pending"),
    approvedAmount: bigint("approved_amount", { mode: "number" }).notNull(),
    interestRate: numeric("interest_rate", { precision: 5, scale: 2 }).notNull(),
    monthlyPayment: bigint("monthly_payment", { mode: "number" }).notNull(),
    /** The fees set with the terms (issue 28); null on proposals made before. */
    feesAmount: bigint("fees_amount", { mode: "number" }),
    proposedBy: text("proposed_by")
      .notNull()
      .references(() => user.id, { onDelete: "restrict" }),
    createdAt: createdAt(),
    decidedBy: text("decided_by").references(() => user.id, { onDelete: "restrict" }),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
    comment: text("comment"),
  },
  (table) => [
    check(
      "approval_proposals_status_check",
      sql`${table.status} in ('pending', 'confirmed', 'returned', 'cancelled')`,
    ),
    // Nobody confirms their own proposal, whatever the application does.
    check(
      "approval_proposals_four_eyes_check",
      sql`${table.status} <> 'confirmed' or ${table.decidedBy} <> ${table.proposedBy}`,
    ),
    index("approval_proposals_loan_created_idx").on(table.loanId, table.createdAt),
    uniqueIndex("approval_proposals_one_pending_idx")
      .on(table.loanId)
      .where(sql`${table.status} = 'pending'`),
  ],
);

// After the decision (issue 28): the contract and its signature, the disbursement, the
// schedule, the payments and their allocations, the statements imported, the reminders sent.
// Whole FCFA in bigint; payments are never deleted (a reversal is a new state of the row and
// allocations of the opposite sign).

const servicingChannels = paymentChannels;
const channelCheck = (column: AnyPgColumn) =>
  sql`${column} in ('orange_money', 'wave', 'mtn_momo', 'moov', 'free_money', 'virement', 'especes')`;

/**
 * A loan contract: prepared at the approval (or again after a withdrawal), signed by the client
 * with a one-time code, then sealed by the firm. At most one is live (prepared, sent or signed)
 * per request.
 */
export const contracts = pgTable(
  "contracts",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    loanId: integer("loan_id")
      .notNull()
      .references(() => loanRequests.id, { onDelete: "restrict" }),
    state: text("state", { enum: ["prepared", "sent", "signed", "expired", "withdrawn"] })
      .notNull()
      .default("prepared"),
    amount: bigint("amount", { mode: "number" }).notNull(),
    durationMonths: integer("duration_months").notNull(),
    interestRate: numeric("interest_rate", { precision: 5, scale: 2 }).notNull(),
    feesAmount: bigint("fees_amount", { mode: "number" }).notNull(),
    monthlyPayment: bigint("monthly_payment", { mode: "number" }).notNull(),
    preparedBy: text("prepared_by").references(() => user.id, { onDelete: "restrict" }),
    createdAt: createdAt(),
    /** Past it, an unsigned contract is expired (CONTRACT_VALIDITY_DAYS). */
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    unsignedDocumentId: uuid("unsigned_document_id").references(() => documents.id, {
      onDelete: "restrict",
    }),
    /** SHA-256 (hex) of the unsigned PDF: what the client reads and signs. */
    unsignedSha256: text("unsigned_sha256").notNull(),
    signedDocumentId: uuid("signed_document_id").references(() => documents.id, {
      onDelete: "restrict",
    }),
    /** SHA-256 (hex) of the signed and sealed PDF. */
    signedSha256: text("signed_sha256"),
    signerId: text("signer_id").references(() => user.id, { onDelete: "restrict" }),
    signedAt: timestamp("signed_at", { withTimezone: true }),
    signerIp: text("signer_ip"),
    signerUserAgent: text("signer_user_agent"),
    /** The one-time code's hash (never the code), its expiry, and the wrong tries. */
    codeHash: text("code_hash"),
    codeExpiresAt: timestamp("code_expires_at", { withTimezone: true }),
    codeSentAt: timestamp("code_sent_at", { withTimezone: true }),
    wrongAttempts: integer("wrong_attempts").notNull().default(0),
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
    withdrawnAt: timestamp("withdrawn_at", { withTimezone: true }),
    withdrawnBy: text("withdrawn_by").references(() => user.id, { onDelete: "restrict" }),
    withdrawalReason: text("withdrawal_reason"),
  },
  (table) => [
    check(
      "contracts_state_check",
      sql`${table.state} in ('prepared', 'sent', 'signed', 'expired', 'withdrawn')`,
    ),
    check("contracts_amount_check", sql`${table.amount} > 0 and ${table.feesAmount} >= 0`),
    check(
      "contracts_signed_check",
      sql`${table.state} <> 'signed' or (${table.signedAt} is not null and ${table.signedSha256} is not null)`,
    ),
    index("contracts_loan_idx").on(table.loanId, table.createdAt),
    uniqueIndex("contracts_one_live_idx")
      .on(table.loanId)
      .where(sql`${table.state} in ('prepared', 'sent', 'signed')`),
  ],
);

/**
 * The money handed to the client. Above the four-eyes threshold it is recorded by one officer
 * ('proposed') and confirmed by another; nobody confirms their own.
 */
export const disbursements = pgTable(
  "disbursements",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    loanId: integer("loan_id")
      .notNull()
      .references(() => loanRequests.id, { onDelete: "restrict" }),
    status: text("status", { enum: ["proposed", "confirmed", "cancelled"] }).notNull(),
    disbursedOn: date("disbursed_on", { mode: "string" }).notNull(),
    channel: text("channel", { enum: servicingChannels }).notNull(),
    reference: text("reference").notNull(),
    amount: bigint("amount", { mode: "number" }).notNull(),
    /** Why less than the approved amount was paid out. */
    reason: text("reason"),
    needsSecondOfficer: boolean("needs_second_officer").notNull().default(false),
    recordedBy: text("recorded_by")
      .notNull()
      .references(() => user.id, { onDelete: "restrict" }),
    createdAt: createdAt(),
    confirmedBy: text("confirmed_by").references(() => user.id, { onDelete: "restrict" }),
    confirmedAt: timestamp("confirmed_at", { withTimezone: true }),
  },
  (table) => [
    check(
      "disbursements_status_check",
      sql`${table.status} in ('proposed', 'confirmed', 'cancelled')`,
    ),
    check("disbursements_channel_check", channelCheck(table.channel)),
    check("disbursements_amount_check", sql`${table.amount} > 0`),
    check(
      "disbursements_four_eyes_check",
      sql`${table.status} <> 'confirmed' or not ${table.needsSecondOfficer} or ${table.confirmedBy} <> ${table.recordedBy}`,
    ),
    uniqueIndex("disbursements_one_live_idx")
      .on(table.loanId)
      .where(sql`${table.status} in ('proposed', 'confirmed')`),
  ],
);

/** The schedule of a disbursed loan, and what was paid on each instalment so far. */
export const installments = pgTable(
  "installments",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    loanId: integer("loan_id")
      .notNull()
      .references(() => loanRequests.id, { onDelete: "restrict" }),
    number: integer("number").notNull(),
    dueDate: date("due_date", { mode: "string" }).notNull(),
    principal: bigint("principal", { mode: "number" }).notNull(),
    interest: bigint("interest", { mode: "number" }).notNull(),
    /** Sums of the allocations (kept in the payment's transaction). */
    principalPaid: bigint("principal_paid", { mode: "number" }).notNull().default(0),
    interestPaid: bigint("interest_paid", { mode: "number" }).notNull().default(0),
  },
  (table) => [
    check(
      "installments_paid_check",
      sql`${table.principalPaid} between 0 and ${table.principal} and ${table.interestPaid} between 0 and ${table.interest}`,
    ),
    uniqueIndex("installments_loan_number_idx").on(table.loanId, table.number),
    // The reminders: unpaid instalments by due date.
    index("installments_unpaid_due_idx")
      .on(table.dueDate)
      .where(
        sql`${table.principalPaid} + ${table.interestPaid} < ${table.principal} + ${table.interest}`,
      ),
    // The arrears: a late loan's unpaid instalments past due, without its paid ones.
    index("installments_unpaid_loan_idx")
      .on(table.loanId, table.dueDate)
      .where(
        sql`${table.principalPaid} + ${table.interestPaid} < ${table.principal} + ${table.interest}`,
      ),
  ],
);

/** A repayment received. Never deleted: a reversal sets reversed_at and its reason. */
export const payments = pgTable(
  "payments",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    loanId: integer("loan_id")
      .notNull()
      .references(() => loanRequests.id, { onDelete: "restrict" }),
    paidOn: date("paid_on", { mode: "string" }).notNull(),
    amount: bigint("amount", { mode: "number" }).notNull(),
    channel: text("channel", { enum: servicingChannels }).notNull(),
    reference: text("reference").notNull(),
    recordedBy: text("recorded_by")
      .notNull()
      .references(() => user.id, { onDelete: "restrict" }),
    /** The statement import the payment came from, when it did. */
    importId: integer("import_id").references((): AnyPgColumn => statementImports.id, {
      onDelete: "restrict",
    }),
    createdAt: createdAt(),
    reversedAt: timestamp("reversed_at", { withTimezone: true }),
    reversedBy: text("reversed_by").references(() => user.id, { onDelete: "restrict" }),
    reversalReason: text("reversal_reason"),
  },
  (table) => [
    check("payments_amount_check", sql`${table.amount} > 0`),
    check("payments_channel_check", channelCheck(table.channel)),
    check(
      "payments_reversal_check",
      sql`${table.reversedAt} is null or ${table.reversalReason} is not null`,
    ),
    // The same reference is refused twice (per channel: each operator numbers its own).
    uniqueIndex("payments_channel_reference_idx").on(table.channel, table.reference),
    index("payments_loan_idx").on(table.loanId, table.paidOn),
    index("payments_paid_on_idx").on(table.paidOn),
  ],
);

/** What a payment paid on each instalment; a reversal adds the opposite rows. */
export const paymentAllocations = pgTable(
  "payment_allocations",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    paymentId: integer("payment_id")
      .notNull()
      .references(() => payments.id, { onDelete: "restrict" }),
    installmentId: integer("installment_id")
      .notNull()
      .references(() => installments.id, { onDelete: "restrict" }),
    kind: text("kind", { enum: ["payment", "reversal"] }).notNull(),
    principal: bigint("principal", { mode: "number" }).notNull(),
    interest: bigint("interest", { mode: "number" }).notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    check("payment_allocations_kind_check", sql`${table.kind} in ('payment', 'reversal')`),
    index("payment_allocations_payment_idx").on(table.paymentId),
    index("payment_allocations_installment_idx").on(table.installmentId),
  ],
);

/** The columns of an operator's CSV statement, saved per channel by the officer who mapped them. */
export const statementMappings = pgTable(
  "statement_mappings",
  {
    channel: text("channel", { enum: servicingChannels }).primaryKey(),
    dateColumn: text("date_column").notNull(),
    amountColumn: text("amount_column").notNull(),
    referenceColumn: text("reference_column").notNull(),
    phoneColumn: text("phone_column"),
    updatedBy: text("updated_by").references(() => user.id, { onDelete: "restrict" }),
    updatedAt: updatedAt(),
  },
  (table) => [check("statement_mappings_channel_check", channelCheck(table.channel))],
);

/**
 * A statement imported: its rows with the match proposed for each, then what the officer
 * confirmed. The file's hash is unique: the same file imported twice is the same import.
 */
export const statementImports = pgTable(
  "statement_imports",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    channel: text("channel", { enum: servicingChannels }).notNull(),
    fileName: text("file_name").notNull(),
    fileSha256: text("file_sha256").notNull().unique(),
    rows: jsonb("rows").notNull(),
    importedBy: text("imported_by")
      .notNull()
      .references(() => user.id, { onDelete: "restrict" }),
    createdAt: createdAt(),
  },
  (table) => [
    check("statement_imports_channel_check", channelCheck(table.channel)),
    index("statement_imports_created_idx").on(table.createdAt),
  ],
);

/** The reminders sent: never twice for one instalment and event. */
export const remindersSent = pgTable(
  "reminders_sent",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    installmentId: integer("installment_id")
      .notNull()
      .references(() => installments.id, { onDelete: "restrict" }),
    event: text("event", { enum: ["due_soon", "first_late_day"] }).notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    check("reminders_sent_event_check", sql`${table.event} in ('due_soon', 'first_late_day')`),
    uniqueIndex("reminders_sent_once_idx").on(table.installmentId, table.event),
  ],
);

export const contactMessages = pgTable(
  "contact_messages",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    phone: text("phone"),
    subject: text("subject"),
    message: text("message").notNull(),
    status: text("status", { enum: ["unread", "read", "archived"] })
      .notNull()
      .default("unread"),
    ip: text("ip"),
    createdAt: createdAt(),
    readAt: timestamp("read_at", { withTimezone: true }),
  },
  (table) => [
    check("contact_messages_status_check", sql`${table.status} in ('unread', 'read', 'archived')`),
    index("contact_messages_status_created_idx").on(table.status, table.createdAt),
  ],
);

/**
 * The columns by which outbox/outbox-dispatch.ts retries and claims a row, the same in every
 * channel's outbox (mail_outbox, sms_outbox), with the index of the rows still due.
 */
const outboxDeliveryColumns = () => ({
  attempts: integer("attempts").notNull().default(0),
  nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
  /** A dispatcher holds the row until then; past it, another may take it over. */
  claimedUntil: timestamp("claimed_until", { withTimezone: true }),
  sentAt: timestamp("sent_at", { withTimezone: true }),
  /** Set when the attempts ran out: the row is kept for an operator, no longer retried. */
  failedAt: timestamp("failed_at", { withTimezone: true }),
  lastError: text("last_error"),
  createdAt: createdAt(),
});

const outboxDueIndex = (
  name: string,
  table: { nextAttemptAt: AnyPgColumn; sentAt: AnyPgColumn; failedAt: AnyPgColumn },
) =>
  index(name)
    .on(table.nextAttemptAt)
    .where(sql`${table.sentAt} is null and ${table.failedAt} is null`);

/**
 * E-mails written in the same transaction as the change they announce (a loan's new status), then
 * sent after the commit and retried with backoff until delivered (mail/outbox.ts): the change is
 * never lost for want of a mail server, and the mail goes out once.
 */
export const mailOutbox = pgTable(
  "mail_outbox",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    toAddress: text("to_address").notNull(),
    subject: text("subject").notNull(),
    textBody: text("text_body").notNull(),
    htmlBody: text("html_body").notNull(),
    /** What the mail is about, for the logs (e.g. "loan_status:42"); never the body. */
    topic: text("topic").notNull(),
    /** The request the mail reports on, when it is about one: its history lists the notice. */
    loanId: integer("loan_id").references(() => loanRequests.id, { onDelete: "set null" }),
    ...outboxDeliveryColumns(),
  },
  (table) => [outboxDueIndex("mail_outbox_due_idx", table)],
);

/**
 * The security journal (issue 17): sign-ins, sign-outs, password and second-factor changes, role
 * changes, lockouts. Append-only: a trigger (migration 0007) refuses UPDATE and TRUNCATE, and
 * DELETE except of rows past the retention by the pruning job
 * (docs/decisions/2026-11-25-security-journal.md). No foreign key: an account's deletion must
 * not touch its history, so the address at the time is kept beside the id.
 */
export const securityEvents = pgTable(
  "security_events",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    createdAt: createdAt(),
    type: text("type").notNull(),
    /** The account concerned; null when a sign-in names an address that has no account. */
    userId: text("user_id"),
    /** The account's address at the time (or the address typed, for an unknown account). */
    email: text("email"),
    /** The officer who acted on someone else's account (a reset of the second factor, a role). */
    actorId: text("actor_id"),
    actorEmail: text("actor_email"),
    /** Why a sign-in failed, which limit locked (a stable code, never a secret). */
    reason: text("reason"),
    ip: text("ip"),
    userAgent: text("user_agent"),
  },
  (table) => [
    index("security_events_created_idx").on(table.createdAt, table.id),
    index("security_events_user_created_idx").on(table.userId, table.createdAt),
    index("security_events_type_created_idx").on(table.type, table.createdAt),
  ],
);

/**
 * The transactional outbox of SMS (issue 18), as mail_outbox: written in the change's
 * transaction, claimed, sent after the commit, retried with backoff. message_id is the SMSC's id
 * (submit_sm_resp), which delivery receipts name.
 */
export const smsOutbox = pgTable(
  "sms_outbox",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    /** E.164, "+2250708091011". */
    toNumber: text("to_number").notNull(),
    body: text("body").notNull(),
    encoding: text("encoding", { enum: ["gsm7", "ucs2"] }).notNull(),
    segments: integer("segments").notNull(),
    /** What the SMS is about ("received", "approved", "complement_reminder"...). */
    kind: text("kind").notNull(),
    loanId: integer("loan_id").references(() => loanRequests.id, { onDelete: "set null" }),
    messageId: text("message_id"),
    ...outboxDeliveryColumns(),
  },
  (table) => [
    check("sms_outbox_encoding_check", sql`${table.encoding} in ('gsm7', 'ucs2')`),
    outboxDueIndex("sms_outbox_due_idx", table),
    index("sms_outbox_loan_idx").on(table.loanId, table.createdAt),
    index("sms_outbox_message_idx").on(table.messageId),
  ],
);

/**
 * Delivery receipts (deliver_sm with the receipt flag) as they arrive, on whichever instance's
 * session: kept apart from sms_outbox so a receipt that comes before its submit_sm_resp has been
 * recorded is not lost. `stat` is the receipt's state (DELIVRD, UNDELIV, EXPIRED...).
 */
export const smsReceipts = pgTable(
  "sms_receipts",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    messageId: text("message_id").notNull(),
    stat: text("stat").notNull(),
    receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("sms_receipts_message_idx").on(table.messageId)],
);

/**
 * Attempt counters of the rate limits (http/rate-limit.ts, rate-limiter-flexible's Drizzle
 * store): in the database so that every instance on it counts the same attempts, and a restart
 * forgets none. `key` is the limit's name and the counted key (an address, an IP);
 * `expire` ends the window. Rows an hour past it are pruned.
 */
export const rateLimits = pgTable(
  "rate_limits",
  {
    key: text("key").primaryKey(),
    points: integer("points").notNull().default(0),
    expire: timestamp("expire", { withTimezone: true }),
  },
  (table) => [index("rate_limits_expire_idx").on(table.expire)],
);

/**
 * 'Télécharger mes données' (issue 18): one archive of what the platform holds about a client,
 * built in the background by whichever instance claims the row (data-rights/export-worker.ts),
 * kept in the storage under `storage_key` until `expires_at`, then deleted with its file.
 */
export const dataExports = pgTable(
  "data_exports",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    status: text("status", { enum: ["pending", "building", "ready", "failed"] })
      .notNull()
      .default("pending"),
    /** Progress: entries of the archive written, out of `entries_total` (0 until counted). */
    entriesDone: integer("entries_done").notNull().default(0),
    entriesTotal: integer("entries_total").notNull().default(0),
    storageKey: text("storage_key"),
    sizeBytes: bigint("size_bytes", { mode: "number" }),
    attempts: integer("attempts").notNull().default(0),
    /** A builder holds the row until then (renewed as it goes); past it, another takes over. */
    claimedUntil: timestamp("claimed_until", { withTimezone: true }),
    createdAt: createdAt(),
    readyAt: timestamp("ready_at", { withTimezone: true }),
    expiresAt: timestamp("expires_at", { withTimezone: true }),
    lastError: text("last_error"),
  },
  (table) => [
    check(
      "data_exports_status_check",
      sql`${table.status} in ('pending', 'building', 'ready', 'failed')`,
    ),
    // A second request while one is being built gets the running one.
    uniqueIndex("data_exports_one_running_idx")
      .on(table.userId)
      .where(sql`${table.status} in ('pending', 'building')`),
    index("data_exports_user_created_idx").on(table.userId, table.createdAt),
    index("data_exports_due_idx")
      .on(table.claimedUntil)
      .where(sql`${table.status} in ('pending', 'building')`),
    index("data_exports_expires_idx").on(table.expiresAt),
  ],
);

/**
 * Stored files whose rows are gone (a closed account's documents, an expired export): written in
 * the transaction that removes the rows, deleted from the storage after the commit, and retried
 * by the periodic job after a crash, so that no file is left behind unnamed.
 */
export const storageDeletions = pgTable("storage_deletions", {
  storageKey: text("storage_key").primaryKey(),
  createdAt: createdAt(),
});

export type UserRow = typeof user.$inferSelect;
export type DataExportRow = typeof dataExports.$inferSelect;
export type LoanRequestRow = typeof loanRequests.$inferSelect;
export type DocumentRow = typeof documents.$inferSelect;
export type LoanActivityRow = typeof loanActivities.$inferSelect;
export type LoanNoteRow = typeof loanNotes.$inferSelect;
export type UploadRow = typeof uploads.$inferSelect;
export type ContactMessageRow = typeof contactMessages.$inferSelect;
export type MailOutboxRow = typeof mailOutbox.$inferSelect;
export type InfoRequestRow = typeof infoRequests.$inferSelect;
export type InfoRequestItemRow = typeof infoRequestItems.$inferSelect;
export type ApprovalProposalRow = typeof approvalProposals.$inferSelect;
export type ContractRow = typeof contracts.$inferSelect;
export type DisbursementRow = typeof disbursements.$inferSelect;
export type InstallmentRow = typeof installments.$inferSelect;
export type PaymentRow = typeof payments.$inferSelect;
export type StatementImportRow = typeof statementImports.$inferSelect;
