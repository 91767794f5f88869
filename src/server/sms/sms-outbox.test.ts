import { eq } from "drizzle-orm";
import pino from "pino";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Db } from "../db/client";
import { loanRequests, smsOutbox, smsReceipts, user } from "../db/schema";
import { retryDelayMs } from "../mail/outbox";
import { insertLoan } from "../modules/admin-loans/admin-loans.test-helpers";
import {
  createTestApp,
  registerClient,
  signedInAdmin,
  type TestApp,
  type TestClient,
} from "../test/test-app";
import { smsSegments } from "./gsm7";
import { createSmppSender } from "./smpp-sender";
import { startSmppServer, type TestSmppServer } from "./smpp-test-server";
import { dispatchSmsOutbox, enqueueSms, recordReceipt } from "./sms-outbox";
import { smsText } from "./sms-texts";

// SMS through a real SMPP 3.4 exchange: the `smpp` package's server on a free port, the app's
// sender bound to it as a transceiver. The outbox is driven by calling the dispatcher with `now`
// moved past the retry delay, never by waiting for its timers.

const logger = pino({ level: "silent" });
let server: TestSmppServer;
let t: TestApp;
let officer: Awaited<ReturnType<typeof signedInAdmin>>;
let client: TestClient;
const mobile = "+2250708091011";

function smppSender(credentials?: string) {
  const url = new URL(server.url(credentials));
  return createSmppSender({
    settings: {
      host: url.hostname,
      port: Number(url.port),
      systemId: decodeURIComponent(url.username),
      password: decodeURIComponent(url.password),
      tls: false,
    },
    senderId: "HorizonCred",
    ratePerSecond: 50,
    logger,
    onReceipt: (receipt) => recordReceipt(t.app.deps.db, receipt),
    bindWaitMs: 400,
    submitTimeoutMs: 2000,
    reconnectMinMs: 30,
    reconnectMaxMs: 200,
  });
}

const appSender = () => t.app.deps.sms;

async function until(check: () => Promise<boolean> | boolean, timeoutMs = 3000) {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error("timed out");
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

beforeAll(async () => {
  server = await startSmppServer();
  const sender = smppSender();
  t = await createTestApp({ smsSender: sender });
  await sender.ready();
  officer = await signedInAdmin(t.app);
  client = await registerClient(t.app);
  await t.app.deps.db
    .update(user)
    .set({ phone: "07 08 09 10 11", country: "Côte d'Ivoire", firstName: "Awa" })
    .where(eq(user.id, client.user.id));
});

afterAll(async () => {
  await t?.close();
  await server?.stop();
});

beforeEach(async () => {
  server.received.length = 0;
  server.state.dropNextSubmit = false;
});

async function changeStatus(loanId: number, body: Record<string, unknown>) {
  const response = await t.app.inject({
    method: "POST",
    url: `/api/admin/loans/${loanId}/status`,
    headers: { cookie: officer.cookie },
    payload: body,
  });
  expect(response.statusCode).toBe(200);
  await t.app.deps.background.drain();
}

describe("SMS over SMPP", () => {
  it("sends each status change's SMS in French, GSM-7, one segment, ending with the link", async () => {
    const base = t.config.baseUrl;
    const loanId = await insertLoan(t.app, client.user.id);
    await changeStatus(loanId, { from: "pending", to: "in_review" });
    await changeStatus(loanId, {
      from: "in_review",
      to: "approved",
      approvedAmount: 800_000,
      interestRate: 12,
    });
    const rejectedId = await insertLoan(t.app, client.user.id);
    await changeStatus(rejectedId, {
      from: "pending",
      to: "rejected",
      rejectionReason: "Revenus insuffisants",
    });
    // The approval prepares the contract (issue 28): its SMS follows the approval's.
    await until(() => server.received.length === 4);
    const number = (id: number) => `#${String(id).padStart(5, "0")}`;
    expect(server.received.map((sms) => sms.text)).toEqual([
      `Horizon Crédit : votre demande ${number(loanId)} est en cours d'étude. ${base}/client/prets/${loanId}`,
      `Horizon Crédit : bonne nouvelle, votre demande ${number(loanId)} est approuvée pour 800 000 FCFA. ${base}/client/prets/${loanId}`,
      `Horizon Crédit : votre contrat de crédit ${number(loanId)} est disponible. Lisez-le et signez-le ici : ${base}/client/prets/${loanId}`,
      `Horizon Crédit : votre demande ${number(rejectedId)} n'a pas été retenue. ${base}/client/prets/${rejectedId}`,
    ]);
    for (const sms of server.received) {
      expect(sms.to).toBe("2250708091011");
      expect(sms.from).toBe("HorizonCred");
      expect(sms.dataCoding).toBe(0);
      expect(sms.registeredDelivery).toBe(1);
      expect(smsSegments(sms.text)).toMatchObject({ encoding: "gsm7", segments: 1 });
      expect(sms.bytes).toBeLessThanOrEqual(160);
    }
    // The reason of a rejection never travels by SMS (lock screens).
    expect(server.received[3]?.text).not.toContain("Revenus");
    const rows = await t.app.deps.db.select().from(smsOutbox).where(eq(smsOutbox.loanId, loanId));
    expect(rows.map((row) => [row.kind, row.encoding, row.segments, row.sentAt !== null])).toEqual([
      ["in_review", "gsm7", 1, true],
      ["approved", "gsm7", 1, true],
      ["contract_ready", "gsm7", 1, true],
    ]);
    expect(rows.every((row) => row.messageId?.startsWith("smsc-"))).toBe(true);
  });

  it("records the delivery receipt the SMS centre sends back", async () => {
    const loanId = await insertLoan(t.app, client.user.id);
    await changeStatus(loanId, { from: "pending", to: "in_review" });
    await until(() => server.received.length === 1);
    const sent = server.received[0];
    if (!sent) throw new Error("no SMS");
    server.sendReceipt(sent.id, "DELIVRD");
    await until(async () => {
      const rows = await t.app.deps.db
        .select()
        .from(smsReceipts)
        .where(eq(smsReceipts.messageId, sent.id));
      return rows.length === 1 && rows[0]?.stat === "DELIVRD";
    });
    // The officers' history lists the SMS, its channel and its delivery, beside the e-mail.
    const response = await t.app.inject({
      method: "GET",
      url: `/api/admin/loans/${loanId}`,
      headers: { cookie: officer.cookie },
    });
    const notices = response.json().loan.notices as Array<Record<string, unknown>>;
    expect(notices.map((notice) => [notice.channel, notice.kind, notice.delivery])).toEqual(
      expect.arrayContaining([
        ["sms", "in_review", "delivered"],
        ["email", "in_review", null],
      ]),
    );
    expect(notices).toHaveLength(2);
  });

  it("sends once after the session drops in the middle of a submit", async () => {
    const loanId = await insertLoan(t.app, client.user.id);
    server.state.dropNextSubmit = true;
    await changeStatus(loanId, { from: "pending", to: "in_review" });
    const [row] = await t.app.deps.db.select().from(smsOutbox).where(eq(smsOutbox.loanId, loanId));
    expect(row?.sentAt).toBeNull();
    expect(row?.lastError).toContain("session SMPP");
    expect(server.received).toHaveLength(0);
    const sender = t.app.deps.sms;
    await until(() => server.sessionCount() === 1);
    await sender.dispatch(new Date(Date.now() + retryDelayMs(1) + 1000));
    await sender.dispatch(new Date(Date.now() + retryDelayMs(2) + 1000));
    expect(server.received).toHaveLength(1);
    expect(server.received[0]?.text).toContain(`/client/prets/${loanId}`);
  });

  it("keeps the change when the SMS centre is down, and sends the SMS once it is back", async () => {
    const loanId = await insertLoan(t.app, client.user.id);
    await server.stop();
    await changeStatus(loanId, { from: "pending", to: "rejected" });
    const [loan] = await t.app.deps.db
      .select({ status: loanRequests.status })
      .from(loanRequests)
      .where(eq(loanRequests.id, loanId));
    expect(loan?.status).toBe("rejected");
    const [row] = await t.app.deps.db.select().from(smsOutbox).where(eq(smsOutbox.loanId, loanId));
    expect(row?.sentAt).toBeNull();
    expect(row?.lastError).toMatch(/session SMPP/);
    await server.restart();
    await until(() => server.sessionCount() === 1);
    await appSender().dispatch(new Date(Date.now() + retryDelayMs(1) + 1000));
    await appSender().dispatch(new Date(Date.now() + retryDelayMs(2) + 1000));
    expect(server.received.map((sms) => sms.text)).toHaveLength(1);
    expect(server.received[0]?.text).toContain("n'a pas été retenue");
  });

  it("refuses nothing silently when the bind is refused: the SMS waits, unsent", async () => {
    const refused = smppSender("horizon:wrong-password");
    await expect(refused.ready()).rejects.toThrow("aucune session SMPP");
    const db = t.app.deps.db as Db;
    const loanId = await insertLoan(t.app, client.user.id);
    await enqueueSms(db, { to: mobile, kind: "in_review", loanId, text: "Bind refusé" });
    // The app's own sender is bound: this pass uses only the refused one.
    await dispatchSmsOutbox({ db, sender: refused, logger, now: new Date(Date.now() + 3_600_000) });
    await refused.close();
    const [row] = await db.select().from(smsOutbox).where(eq(smsOutbox.loanId, loanId));
    expect(row?.sentAt).toBeNull();
    expect(row?.lastError).toContain("aucune session SMPP");
    expect(server.received.map((sms) => sms.text)).not.toContain("Bind refusé");
    await db.delete(smsOutbox).where(eq(smsOutbox.loanId, loanId));
  });

  it("sends each SMS once when two dispatchers, on two sessions, run at once", async () => {
    const db = t.app.deps.db as Db;
    const loanId = await insertLoan(t.app, client.user.id);
    const texts = Array.from({ length: 8 }, (_, index) => `Message ${index + 1}`);
    for (const text of texts) await enqueueSms(db, { to: mobile, kind: "in_review", loanId, text });
    const other = await t.openSameDatabase();
    const first = smppSender();
    const second = smppSender();
    await Promise.all([first.ready(), second.ready()]);
    const now = new Date(Date.now() + 1000);
    const counts = await Promise.all([
      dispatchSmsOutbox({ db, sender: first, logger, now }),
      dispatchSmsOutbox({ db: other.database.db, sender: second, logger, now }),
    ]);
    await Promise.all([first.close(), second.close(), other.close()]);
    expect(counts[0] + counts[1]).toBe(texts.length);
    expect(server.received.map((sms) => sms.text).sort()).toEqual([...texts].sort());
  });
});

describe("the texts", () => {
  it("fit one GSM-7 SMS with a public address of 40 characters and a five-digit number", () => {
    const baseUrl = "https://prets.horizoncredit-afrique.com";
    for (const kind of [
      "received",
      "in_review",
      "info_requested",
      "approved",
      "rejected",
      "complement_reminder",
    ] as const) {
      const text = smsText({ kind, loanId: 12345, approvedAmount: 25_000_000, baseUrl });
      expect(smsSegments(text), kind).toMatchObject({ encoding: "gsm7", segments: 1 });
      expect(text.endsWith(`${baseUrl}/client/prets/12345`)).toBe(true);
    }
  });
});
