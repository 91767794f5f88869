import { and, count, desc, eq, ne, sql } from "drizzle-orm";
import type {
  ContactMessageJson,
  ContactMessageSummary,
} from "../../../domain/api/contact-messages";
import type { ContactStatus } from "../../../domain/schemas/contact";
import type { ContactValues } from "../../../domain/schemas/contact.schema";
import type { Db } from "../../db/client";
import { contactMessages } from "../../db/schema";
import { AppError } from "../../http/app-error";
import type { Mailer } from "../../mail/mailer";
import { contactInboxMail } from "./contact.mail";

export const inboxPageSize = 20;
const previewLength = 160;

export const contactMessagesText = {
  notFound: "Message introuvable",
} as const;

const summaryColumns = {
  id: contactMessages.id,
  name: contactMessages.name,
  email: contactMessages.email,
  phone: contactMessages.phone,
  subject: contactMessages.subject,
  preview: sql<string>`left(${contactMessages.message}, ${previewLength})`,
  status: contactMessages.status,
  createdAt: contactMessages.createdAt,
  readAt: contactMessages.readAt,
};

type Timestamp = Date | string;

function iso(value: Timestamp): string {
  return (value instanceof Date ? value : new Date(value)).toISOString();
}

type StoredFields = {
  id: number;
  name: string;
  email: string;
  phone: string | null;
  subject: string | null;
  status: ContactStatus;
  createdAt: Timestamp;
  readAt: Timestamp | null;
};

/** The fields a list row and a full message share, as the API sends them. */
function commonJson(row: StoredFields) {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone ?? "",
    subject: row.subject ?? "",
    status: row.status,
    createdAt: iso(row.createdAt),
    readAt: row.readAt ? iso(row.readAt) : null,
  };
}

function toSummary(row: StoredFields & { preview: string }): ContactMessageSummary {
  return { ...commonJson(row), preview: row.preview };
}

function toJson(row: typeof contactMessages.$inferSelect): ContactMessageJson {
  return { ...commonJson(row), message: row.message };
}

/**
 * Stores a contact message (status unread), then mails it to the firm's inbox. The message is
 * stored first: a mail that fails is logged by `runInBackground` and the message stays in the
 * admin inbox, never lost.
 */
export async function createContactMessage({
  db,
  mailer,
  inbox,
  adminInboxUrl,
  input,
  ip,
  runInBackground,
}: {
  db: Db;
  mailer: Mailer;
  inbox: string;
  /** Absolute URL of the admin inbox, for the link in the mail. */
  adminInboxUrl: string;
  input: ContactValues;
  ip: string | null;
  runInBackground: (name: string, task: () => Promise<unknown>) => void;
}): Promise<{ id: number }> {
  const [row] = await db
    .insert(contactMessages)
    .values({
      name: input.name,
      email: input.email,
      phone: input.phone || null,
      subject: input.subject || null,
      message: input.message,
      status: "unread",
      ip,
    })
    .returning();
  if (!row) throw new Error("contact message insert returned no row");

  const mail = contactInboxMail({ message: toJson(row), inboxUrl: adminInboxUrl });
  runInBackground("contact-mail", () => mailer.send({ to: inbox, replyTo: row.email, ...mail }));
  return { id: row.id };
}

/**
 * One page of the inbox, newest first, paginated in SQL. Without a status: every message that is
 * not archived (the inbox proper).
 */
export async function listContactMessages({
  db,
  status,
  page,
  pageSize = inboxPageSize,
}: {
  db: Db;
  status?: ContactStatus;
  page: number;
  pageSize?: number;
}) {
  const where = status
    ? eq(contactMessages.status, status)
    : ne(contactMessages.status, "archived");
  const [rows, [totals]] = await Promise.all([
    db
      .select(summaryColumns)
      .from(contactMessages)
      .where(where)
      .orderBy(desc(contactMessages.createdAt), desc(contactMessages.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ total: count() }).from(contactMessages).where(where),
  ]);
  const total = Number(totals?.total ?? 0);
  return {
    messages: rows.map(toSummary),
    total,
    page,
    pageSize,
    pageCount: Math.max(1, Math.ceil(total / pageSize)),
  };
}

export async function countUnreadContactMessages({ db }: { db: Db }): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(contactMessages)
    .where(eq(contactMessages.status, "unread"));
  return Number(row?.total ?? 0);
}

/** Opens a message: an unread one becomes read (read_at set); read and archived ones stay so. */
export async function openContactMessage({
  db,
  id,
}: {
  db: Db;
  id: number;
}): Promise<ContactMessageJson> {
  const [updated] = await db
    .update(contactMessages)
    .set({ status: "read", readAt: new Date() })
    .where(and(eq(contactMessages.id, id), eq(contactMessages.status, "unread")))
    .returning();
  if (updated) return toJson(updated);
  const [row] = await db.select().from(contactMessages).where(eq(contactMessages.id, id)).limit(1);
  if (!row) throw new AppError("not_found", 404, contactMessagesText.notFound);
  return toJson(row);
}

/**
 * Sets a message's status. Unread clears read_at; read and archived keep the first reading time
 * (set now if it was never read).
 */
export async function setContactMessageStatus({
  db,
  id,
  status,
}: {
  db: Db;
  id: number;
  status: ContactStatus;
}): Promise<ContactMessageJson> {
  const [row] = await db
    .update(contactMessages)
    .set(
      status === "unread"
        ? { status, readAt: null }
        : // Keeps the first reading time; sets it for a message archived without being opened.
          { status, readAt: sql`coalesce(${contactMessages.readAt}, now())` },
    )
    .where(eq(contactMessages.id, id))
    .returning();
  if (!row) throw new AppError("not_found", 404, contactMessagesText.notFound);
  return toJson(row);
}
