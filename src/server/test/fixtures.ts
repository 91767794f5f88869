import { randomBytes, randomUUID } from "node:crypto";
import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import type { DocumentCategory } from "../../domain/document-category";
import type { LoanStatus } from "../../domain/loan-status";
import { jpegFile, pdfFile, pngFile } from "./test-files";

// The one set of fixtures (issue 29): identities, documents, requests at any stage, and the mail
// and SMS a recipient got. The API tests (app.inject), the journeys (e2e/, over HTTP) and the
// seed scripts use these same functions: each passes how it sends a request (`Send`), with the
// shape of light-my-request's answer. Everything goes through the real routes, so that a fixture
// is made as production makes it.

export type SendRequest = {
  method: string;
  url: string;
  headers?: Record<string, string>;
  payload?: unknown;
  remoteAddress?: string;
};

export type SendAnswer = { statusCode: number; body: string; json(): unknown };

/** How a fixture sends a request: `app.inject`, `injectOverHttp`, a Playwright page's request. */
export type Send = (request: SendRequest) => Promise<SendAnswer>;

function expectStatus(answer: SendAnswer, status: number, what: string) {
  if (answer.statusCode !== status) {
    throw new Error(`${what}: ${answer.statusCode} ${answer.body}`);
  }
}

let counter = 0;

/** A unique person (a client or an officer): names, e-mail, a password that is not a common one. */
export function newIdentity(prefix = "client") {
  counter += 1;
  const id = `${Date.now().toString(36)}${counter}${randomBytes(2).toString("hex")}`;
  return {
    firstName: "Awa",
    lastName: `Koné ${id}`,
    fullName: `Awa Koné ${id}`,
    email: `${prefix}.${id}@exemple.ci`,
    password: "Baobab-Lagune-42",
  };
}

export type Identity = ReturnType<typeof newIdentity>;

/** tus metadata: key and base64 value pairs. */
export function tusMetadata(values: Record<string, string>): string {
  return Object.entries(values)
    .map(([key, value]) => `${key} ${Buffer.from(value, "utf8").toString("base64")}`)
    .join(",");
}

/** Uploads a whole file through tus as the browser would; returns the finished upload's id. */
export async function uploadDocument(
  send: Send,
  cookie: string,
  bytes: Buffer,
  fileName = "document.pdf",
): Promise<string> {
  const created = await send({
    method: "POST",
    url: "/api/uploads",
    headers: {
      cookie,
      "tus-resumable": "1.0.0",
      "upload-length": String(bytes.length),
      "upload-metadata": tusMetadata({ filename: fileName, filetype: "application/pdf" }),
    },
  });
  const location = (created as SendAnswer & { headers?: Record<string, unknown> }).headers
    ?.location;
  if (created.statusCode !== 201 || typeof location !== "string") {
    throw new Error(`upload creation failed: ${created.statusCode} ${created.body}`);
  }
  const patched = await send({
    method: "PATCH",
    url: location.replace(/^https?:\/\/[^/]+/, ""),
    headers: {
      cookie,
      "tus-resumable": "1.0.0",
      "upload-offset": "0",
      "content-type": "application/offset+octet-stream",
    },
    payload: bytes,
  });
  expectStatus(patched, 200, "upload failed");
  return (patched.json() as { upload: { id: string } }).upload.id;
}

/**
 * Enrols a second factor for the signed-in account of `cookie`, as the profile's screens do: the
 * password, then the code an authenticator app shows for the key (`codeFor`: each side keeps its
 * own record of the codes given, since the platform accepts each once). Returns the key, the
 * backup codes and the confirmation's answer, which sets the session's new cookie.
 */
export async function enrolSecondFactor<Answer extends SendAnswer>(
  send: (request: SendRequest) => Promise<Answer>,
  { cookie, password }: { cookie: string; password: string },
  codeFor: (key: string) => Promise<string>,
): Promise<{ key: string; backupCodes: string[]; confirmed: Answer }> {
  const started = await send({
    method: "POST",
    url: "/api/me/two-factor",
    headers: { cookie },
    payload: { password },
  });
  expectStatus(started, 200, "two-factor enrolment failed");
  const { key, backupCodes } = started.json() as { key: string; backupCodes: string[] };
  const confirmed = await send({
    method: "POST",
    url: "/api/me/two-factor/confirm",
    headers: { cookie },
    payload: { code: await codeFor(key) },
  });
  expectStatus(confirmed, 200, "two-factor confirmation failed");
  return { key, backupCodes, confirmed };
}

/** The wizard's three documents: a JPEG identity card, a PDF payslip, a PNG bank statement. */
export const wizardFiles: Record<"identite" | "revenu" | "banque", () => [Buffer, string]> = {
  identite: () => [jpegFile(), "cni.jpg"],
  revenu: () => [pdfFile("Salaire"), "salaire.pdf"],
  banque: () => [pngFile(), "releve.png"],
};

export type LoanOverrides = Partial<{
  loanType: string;
  amount: number;
  durationMonths: number;
  purpose: string;
  description: string;
  monthlyIncome: number;
  office: string;
}> & {
  /** Other files (bytes and name) for some of the three documents. */
  files?: Partial<Record<"identite" | "revenu" | "banque", [Buffer, string]>>;
};

export type CreatedLoan = { id: number; status: string; [key: string]: unknown };

/** The wizard's fields of a request (its documents and submission key aside). */
export function loanRequestBody() {
  return {
    loanType: "personal",
    amount: 1_500_000,
    durationMonths: 12,
    purpose: "Équipement de la boutique",
    description: "",
    monthlyIncome: 350_000,
  };
}

/** A loan request as the wizard sends it, with its three documents uploaded first. */
export async function createLoan(
  send: Send,
  cookie: string,
  { files = {}, ...overrides }: LoanOverrides = {},
): Promise<CreatedLoan> {
  const documents: Partial<Record<DocumentCategory, string>> = {};
  for (const category of ["identite", "revenu", "banque"] as const) {
    const [bytes, name] = files[category] ?? wizardFiles[category]();
    documents[category] = await uploadDocument(send, cookie, bytes, name);
  }
  const answer = await send({
    method: "POST",
    url: "/api/loans",
    headers: { cookie },
    payload: { ...loanRequestBody(), ...overrides, documents, submissionKey: randomUUID() },
  });
  expectStatus(answer, 201, "loan creation failed");
  return (answer.json() as { loan: CreatedLoan }).loan;
}

/** A document the client adds from 'Mes documents' (category identite, revenu, banque...). */
export async function addDocument(
  send: Send,
  cookie: string,
  {
    category = "fiscal",
    loanId,
    bytes = pdfFile("Avis d'imposition"),
    fileName = "impots.pdf",
  }: {
    category?: DocumentCategory;
    loanId?: number;
    bytes?: Buffer;
    fileName?: string;
  } = {},
) {
  const uploadId = await uploadDocument(send, cookie, bytes, fileName);
  const answer = await send({
    method: "POST",
    url: "/api/documents",
    headers: { cookie },
    payload: { uploadId, category, ...(loanId === undefined ? {} : { loanId }) },
  });
  expectStatus(answer, 201, "document attach failed");
  return (answer.json() as { document: { id: string; fileName: string } }).document;
}

/** The stages a request can be put at by `requestAtStage`. */
export type Stage = LoanStatus;

/** The officers' moves that lead from 'En attente' to each stage (under the four-eyes threshold). */
const pathTo: Record<Stage, Array<Record<string, unknown> & { to: string }>> = {
  pending: [],
  in_review: [{ to: "in_review" }],
  info_requested: [{ to: "info_requested" }],
  approved: [{ to: "approved", approvedAmount: 1_000_000, interestRate: 12 }],
  rejected: [{ to: "rejected", rejectionReason: "Revenus insuffisants" }],
  completed: [{ to: "approved", approvedAmount: 1_000_000, interestRate: 12 }, { to: "completed" }],
};

/**
 * A client's request brought to `stage` by an officer through the officers' routes (a status
 * change, or 'Demander un complément' with a question). Returns its id.
 */
export async function requestAtStage(
  send: Send,
  {
    clientCookie,
    officerCookie,
    stage,
    loan,
  }: { clientCookie: string; officerCookie: string; stage: Stage; loan?: LoanOverrides },
): Promise<number> {
  const created = await createLoan(send, clientCookie, { amount: 1_500_000, ...loan });
  let from = "pending";
  for (const { to, ...terms } of pathTo[stage]) {
    const answer =
      to === "info_requested"
        ? await send({
            method: "POST",
            url: `/api/admin/loans/${created.id}/info-request`,
            headers: { cookie: officerCookie },
            payload: { from, replace: [], add: [], question: "Pouvez-vous préciser l'objet ?" },
          })
        : await send({
            method: "POST",
            url: `/api/admin/loans/${created.id}/status`,
            headers: { cookie: officerCookie },
            payload: { from, to, ...terms },
          });
    expectStatus(answer, 200, `status change to ${to} failed`);
    from = to;
  }
  return created.id;
}

/** Decodes a quoted-printable body: soft line breaks, then =XX bytes read as UTF-8. */
export function decodeQuotedPrintable(text: string): string {
  const joined = text.replace(/=\r?\n/g, "");
  const bytes: number[] = [];
  for (let index = 0; index < joined.length; index += 1) {
    const hex = joined.slice(index + 1, index + 3);
    if (joined[index] === "=" && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      index += 2;
    } else {
      bytes.push(...Buffer.from(joined[index] ?? "", "utf8"));
    }
  }
  return Buffer.from(bytes).toString("utf8");
}

/** Every readable text of an .eml: its quoted-printable and base64 parts, decoded. */
export function readEmailTexts(eml: string): string[] {
  // Decoded parts first: in the raw file a link reads "token=3D…" (quoted-printable "=").
  const texts: string[] = [];
  const parts = eml.split(/\r?\n--[^\r\n]+\r?\n/);
  for (const part of parts) {
    const [headers = "", ...rest] = part.split(/\r?\n\r?\n/);
    const body = rest.join("\n\n");
    if (/content-transfer-encoding:\s*base64/i.test(headers)) {
      texts.push(Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8"));
    } else if (/content-transfer-encoding:\s*quoted-printable/i.test(headers)) {
      texts.push(decodeQuotedPrintable(body));
    }
  }
  texts.push(decodeQuotedPrintable(eml));
  return texts;
}

/** The address of an .eml's `To:` header, lower-cased ("" when it has none). */
export function emailRecipient(eml: string): string {
  const header = eml.match(/^To:\s*(.+)$/im)?.[1] ?? "";
  return (header.match(/<([^>]+)>/)?.[1] ?? header).trim().toLowerCase();
}

export type OutboxMail = { file: string; to: string; subject: string; texts: string[] };

/**
 * The mails written to `to` in a local outbox (DATA_DIR/outbox, no SMTP_URL), oldest first by
 * file name (each starts with its time). Only that recipient's: journeys and tests running side
 * by side each read their own, never "the newest file".
 */
export async function mailsTo(outboxDir: string, to: string): Promise<OutboxMail[]> {
  const names = (await readdir(outboxDir).catch(() => [] as string[]))
    .filter((name) => name.endsWith(".eml"))
    .sort();
  const mails: OutboxMail[] = [];
  for (const name of names) {
    const eml = await readFile(join(outboxDir, name), "utf8");
    if (emailRecipient(eml) !== to.toLowerCase()) continue;
    const subject = decodeMimeHeader(eml.match(/^Subject:\s*(.+(?:\r?\n[ \t].+)*)$/im)?.[1] ?? "");
    mails.push({ file: name, to: to.toLowerCase(), subject, texts: readEmailTexts(eml) });
  }
  return mails;
}

/** "=?UTF-8?Q?...?=" and "=?UTF-8?B?...?=" words of a header, decoded. */
export function decodeMimeHeader(value: string): string {
  return value
    .replace(/\r?\n[ \t]+/g, " ")
    .replace(/\?=\s+=\?/g, "?==?")
    .replace(/=\?utf-8\?([qb])\?([^?]*)\?=/gi, (_, encoding: string, text: string) =>
      encoding.toLowerCase() === "b"
        ? Buffer.from(text, "base64").toString("utf8")
        : decodeQuotedPrintable(text.replaceAll("_", " ")),
    )
    .trim();
}

export type OutboxSms = { file: string; to: string; text: string };

/** The SMS written to `to` (E.164, "+2250708091011") in a local outbox, oldest first. */
export async function smsTo(outboxDir: string, to: string): Promise<OutboxSms[]> {
  const names = (await readdir(outboxDir).catch(() => [] as string[]))
    .filter((name) => name.endsWith(".sms.txt"))
    .sort();
  const messages: OutboxSms[] = [];
  for (const name of names) {
    const content = await readFile(join(outboxDir, name), "utf8");
    const [first = "", , , ...body] = content.split("\n");
    if (first.replace(/^À : /, "").trim() !== to) continue;
    messages.push({ file: name, to, text: body.join("\n").trim() });
  }
  return messages;
}

/** Waits until `read` finds something (a mail or an SMS still on its way through the outbox). */
export async function waitFor<T>(
  read: () => Promise<T[]>,
  what: string,
  timeoutMs = 10_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = (await read()).at(-1);
    if (found !== undefined) return found;
    if (Date.now() > deadline) throw new Error(`${what}: nothing after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
