import { createServer } from "node:net";
import { Writable } from "node:stream";
import { eq } from "drizzle-orm";
import pino from "pino";
import { SMTPServer } from "smtp-server";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { mailOutbox } from "../../db/schema";
import { dispatchOutbox, retryDelayMs } from "../../mail/outbox";
import { apiFixture } from "../../test/api-fixture";
import { decodeMimeHeader, decodeQuotedPrintable } from "../../test/fixtures";
import { insertLoan, renameUser } from "./admin-loans.test-helpers";

// The status e-mails through a real SMTP exchange: an smtp-server peer on a free port, the app's
// mailer pointed at it by SMTP_URL. The outbox's dispatcher is driven by calling it, with `now`
// moved past the retry delay, never by waiting on timers.

type Received = { to: string; raw: string };

let port: number;
let smtp: SMTPServer | undefined;
let received: Received[] = [];
const logLines: string[] = [];

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });
}

async function startSmtp(): Promise<void> {
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        received.push({
          to: session.envelope.rcptTo.map((address) => address.address).join(","),
          raw: Buffer.concat(chunks).toString("utf8"),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => resolve());
  });
  smtp = server;
}

async function stopSmtp(): Promise<void> {
  const server = smtp;
  smtp = undefined;
  if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
}

/** The decoded subject and text part of a received message. */
function decode(raw: string): { subject: string; text: string; html: string } {
  const [head = "", ...rest] = raw.split(/\r?\n\r?\n/);
  const unfolded = head.replace(/\r?\n[ \t]+/g, " ");
  const subjectLine = /^Subject: (.*)$/im.exec(unfolded)?.[1] ?? "";
  const subject = decodeMimeHeader(subjectLine);
  const body = rest.join("\n\n");
  const part = (type: string) => {
    const match = new RegExp(
      `Content-Type: ${type}[^]*?Content-Transfer-Encoding: ([\\w-]+)\\r?\\n\\r?\\n([^]*?)\\r?\\n--`,
      "i",
    ).exec(body);
    if (!match) return "";
    const [, encoding = "", content = ""] = match;
    if (encoding.toLowerCase() === "base64") {
      return Buffer.from(content.replace(/\s/g, ""), "base64").toString("utf8");
    }
    if (encoding.toLowerCase() === "quoted-printable") return decodeQuotedPrintable(content);
    return content;
  };
  return { subject, text: part("text/plain").replace(/\r\n/g, "\n"), html: part("text/html") };
}

const later = () => new Date(Date.now() + retryDelayMs(20) + 60_000);

function dispatch(now?: Date) {
  return dispatchOutbox({
    db: t.app.deps.db,
    mailer: t.app.deps.mailer,
    logger: t.app.log,
    ...(now ? { now } : {}),
  });
}

function changeStatus(id: number, body: object) {
  return t.app.inject({
    method: "POST",
    url: `/api/admin/loans/${id}/status`,
    headers: { cookie: officer.cookie },
    payload: body,
  });
}

async function outboxRow(id: number, to: string) {
  const [row] = await t.app.deps.db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.topic, `loan_status:${id}:${to}`));
  return row;
}

const {
  t,
  officers: [officer],
  clients: [client],
} = apiFixture({
  officers: 1,
  clients: 1,
  app: async () => {
    port = await freePort();
    const sink = new Writable({
      write(chunk, _encoding, done) {
        logLines.push(String(chunk));
        done();
      },
    });
    return {
      env: {
        SMTP_URL: `smtp://127.0.0.1:${port}`,
        PUBLIC_URL: "https://prets.example.com",
        LOG_LEVEL: "info",
      },
      logger: pino({ level: "info" }, sink),
    };
  },
});

beforeAll(async () => {
  await renameUser(t.app, client.user.id, { firstName: "Aminata", lastName: "Koné" });
});

afterEach(async () => {
  await t.outbox();
  await stopSmtp();
  received = [];
});

afterAll(async () => {
  await stopSmtp();
});

describe("the client's e-mail on a status change", () => {
  it("tells of an approval in French with the terms, the number and the link", async () => {
    await startSmtp();
    const id = await insertLoan(t.app, client.user.id, { amount: 3_000_000, durationMonths: 24 });
    const response = await changeStatus(id, {
      from: "pending",
      to: "approved",
      approvedAmount: 2_500_000,
      interestRate: 12.5,
    });
    expect(response.statusCode).toBe(200);
    const monthly = response.json().loan.monthlyPayment as number;
    await t.outbox();
    // The approval's e-mail, then the contract's (issue 28: prepared at the approval).
    expect(received).toHaveLength(2);
    expect(received[0]?.to).toBe(client.email);
    expect(decode(received[1]?.raw ?? "").subject).toMatch(
      /^Votre contrat de prêt #\d{5} est prêt/,
    );
    const mail = decode(received[0]?.raw ?? "");
    const number = `#${String(id).padStart(5, "0")}`;
    expect(mail.subject).toBe(`Votre demande de prêt ${number} a été approuvée`);
    expect(mail.text).toContain("Bonjour Aminata,");
    expect(mail.text).toContain(number);
    expect(mail.text).toContain("Montant approuvé : 2\u202f500\u202f000\u00a0FCFA");
    expect(mail.text).toContain("Taux annuel : 12,5\u202f%");
    expect(mail.text).toContain(
      `Mensualité : ${new Intl.NumberFormat("fr-FR").format(monthly)}\u00a0FCFA`,
    );
    expect(mail.text.toLowerCase()).toContain("un conseiller vous contactera");
    expect(mail.text).toContain(`https://prets.example.com/client/prets/${id}`);
    expect(mail.html).toContain(`href="https://prets.example.com/client/prets/${id}"`);
    expect((await outboxRow(id, "approved"))?.sentAt).not.toBeNull();
  });

  it("tells of the review, of a rejection with its reason, and of the completion", async () => {
    await startSmtp();
    const reviewed = await insertLoan(t.app, client.user.id);
    expect((await changeStatus(reviewed, { from: "pending", to: "in_review" })).statusCode).toBe(
      200,
    );
    const rejected = await insertLoan(t.app, client.user.id);
    const reason = "Taux d'endettement supérieur à 35 % (motif-7f3a)";
    expect(
      (await changeStatus(rejected, { from: "pending", to: "rejected", rejectionReason: reason }))
        .statusCode,
    ).toBe(200);
    const silent = await insertLoan(t.app, client.user.id);
    expect((await changeStatus(silent, { from: "pending", to: "rejected" })).statusCode).toBe(200);
    const completed = await insertLoan(t.app, client.user.id, { status: "approved" });
    expect((await changeStatus(completed, { from: "approved", to: "completed" })).statusCode).toBe(
      200,
    );
    await t.outbox();
    const mails = received.map((message) => decode(message.raw));
    const about = (id: number) => {
      const found = mails.find((mail) => mail.text.includes(`/client/prets/${id}\n`));
      if (!found) throw new Error(`no mail for ${id}`);
      return found;
    };
    const pad = (id: number) => `#${String(id).padStart(5, "0")}`;
    expect(about(reviewed).subject).toBe(
      `Votre demande de prêt ${pad(reviewed)} est en cours d'étude`,
    );
    expect(about(rejected).subject).toBe(
      `Votre demande de prêt ${pad(rejected)} n'a pas été retenue`,
    );
    expect(about(rejected).text).toContain(`Motif : ${reason}`);
    expect(about(silent).text).not.toContain("Motif");
    expect(about(completed).subject).toBe(`Votre prêt ${pad(completed)} est entièrement remboursé`);
    // The logs name the mails, never their content.
    const logs = logLines.join("");
    expect(logs).toContain("courriel envoyé");
    expect(logs).not.toContain("motif-7f3a");
    expect(logs).not.toContain("/client/prets/");
  });

  it("keeps the change when the mail server is down and delivers the mail once it is back", async () => {
    const id = await insertLoan(t.app, client.user.id);
    const response = await changeStatus(id, { from: "pending", to: "in_review" });
    expect(response.statusCode).toBe(200);
    expect(response.json().loan.status).toBe("in_review");
    await t.outbox();
    const failed = await outboxRow(id, "in_review");
    expect(failed).toMatchObject({ attempts: 1, sentAt: null, claimedUntil: null });
    expect(failed?.lastError).toBeTruthy();
    expect(failed?.nextAttemptAt.getTime()).toBeGreaterThan(Date.now());
    // Not due yet: a pass now sends nothing.
    expect(await dispatch()).toBe(0);

    await startSmtp();
    // Two dispatchers at once (two instances): the row is claimed by one only.
    const sent = await Promise.all([dispatch(later()), dispatch(later())]);
    expect(sent[0] + sent[1]).toBe(1);
    expect(received.filter((message) => message.raw.includes(`/client/prets/${id}`))).toHaveLength(
      1,
    );
    expect(await dispatch(later())).toBe(0);
    expect(received).toHaveLength(1);
    expect(await outboxRow(id, "in_review")).toMatchObject({ attempts: 2, lastError: null });
    expect((await outboxRow(id, "in_review"))?.sentAt).not.toBeNull();
    expect(logLines.join("")).not.toContain(`/client/prets/${id}`);
  });
});
