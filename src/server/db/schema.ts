import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  numeric,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";

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
    index("user_role_created_at_idx").on(table.role, table.createdAt),
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
      enum: ["pending", "in_review", "approved", "rejected", "completed"],
    })
      .notNull()
      .default("pending"),
    assignedTo: text("assigned_to").references(() => user.id, { onDelete: "set null" }),
    rejectionReason: text("rejection_reason"),
    approvedAmount: bigint("approved_amount", { mode: "number" }),
    interestRate: numeric("interest_rate", { precision: 5, scale: 2 }),
    monthlyPayment: bigint("monthly_payment", { mode: "number" }),
    // Drawn once per request by the wizard: a double tap or a retry creates one request.
    submissionKey: uuid("submission_key"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex("loan_requests_user_submission_key_idx").on(table.userId, table.submissionKey),
    check(
      "loan_requests_loan_type_check",
      sql`${table.loanType} in ('business', 'mortgage', 'personal', 'education', 'auto')`,
    ),
    check(
      "loan_requests_status_check",
      sql`${table.status} in ('pending', 'in_review', 'approved', 'rejected', 'completed')`,
    ),
    check("loan_requests_amount_check", sql`${table.amount} > 0`),
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
    // The officers' list without a status filter: newest first, id breaking ties (0003).
    index("loan_requests_created_id_idx").on(table.createdAt, table.id),
    // Its exact totals by type, and by type and status, counted from the index alone (0003).
    index("loan_requests_type_status_idx").on(table.loanType, table.status),
    index("loan_requests_assigned_to_idx").on(table.assignedTo),
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
    category: text("category", {
      enum: ["identite", "revenu", "banque", "fiscal", "domicile", "professionnel", "autre"],
    }).notNull(),
    uploadedAt: timestamp("uploaded_at", { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
  },
  (table) => [
    check(
      "documents_category_check",
      sql`${table.category} in ('identite', 'revenu', 'banque', 'fiscal', 'domicile', 'professionnel', 'autre')`,
    ),
    check("documents_file_size_check", sql`${table.fileSize} >= 0`),
    index("documents_user_id_idx").on(table.userId, table.createdAt),
    index("documents_loan_id_idx").on(table.loanId),
  ],
);

/**
 * Resumable uploads in progress or finished but not yet attached to a document. The file lives in
 * the storage under `storageKey`; attaching deletes the row and the document takes the key over.
 * Rows older than a day are swept with their files (uploads/upload-sweeper.ts).
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
    type: text("type", {
      enum: ["status_change", "comment", "document_added", "assignment"],
    }).notNull(),
    oldValue: text("old_value"),
    newValue: text("new_value"),
    comment: text("comment"),
    documentName: text("document_name"),
    // The trail outlives nobody: an author with activities cannot be deleted.
    createdBy: text("created_by").references(() => user.id, { onDelete: "restrict" }),
    createdAt: createdAt(),
  },
  (table) => [
    check(
      "loan_activities_type_check",
      sql`${table.type} in ('status_change', 'comment', 'document_added', 'assignment')`,
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
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    /** A dispatcher holds the row until then; past it, another may take it over. */
    claimedUntil: timestamp("claimed_until", { withTimezone: true }),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    /** Set when the attempts ran out: the row is kept for an operator, no longer retried. */
    failedAt: timestamp("failed_at", { withTimezone: true }),
    lastError: text("last_error"),
    createdAt: createdAt(),
  },
  (table) => [
    index("mail_outbox_due_idx")
      .on(table.nextAttemptAt)
      .where(sql`${table.sentAt} is null and ${table.failedAt} is null`),
  ],
);

export type UserRow = typeof user.$inferSelect;
export type LoanRequestRow = typeof loanRequests.$inferSelect;
export type DocumentRow = typeof documents.$inferSelect;
export type LoanActivityRow = typeof loanActivities.$inferSelect;
export type LoanNoteRow = typeof loanNotes.$inferSelect;
export type UploadRow = typeof uploads.$inferSelect;
export type ContactMessageRow = typeof contactMessages.$inferSelect;
export type MailOutboxRow = typeof mailOutbox.$inferSelect;
