import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { notificationMessages } from "../../../domain/api/notifications";
import { mobileNumberMessages } from "../../../domain/mobile-number";
import { infoRequests, mailOutbox, smsOutbox, user } from "../../db/schema";
import { sendComplementReminders } from "../../notices/complement-reminder";
import {
  createTestApp,
  errorOf,
  registerClient,
  signedInAdmin,
  type TestApp,
  type TestClient,
} from "../../test/test-app";
import { insertLoan } from "../admin-loans/admin-loans.test-helpers";
import { createLoanWithDocuments } from "../loans/complement.test-helpers";

// The client's channels ('Mon profil') and what they let through: without SMPP_URL the SMS go
// to DATA_DIR/outbox as .sms.txt files, which these tests read.

let t: TestApp;
let officer: Awaited<ReturnType<typeof signedInAdmin>>;

beforeAll(async () => {
  t = await createTestApp();
  officer = await signedInAdmin(t.app);
});

afterAll(async () => {
  await t?.close();
});

async function clientWithPhone(phone: string | null, country: string | null = "Côte d'Ivoire") {
  const client = await registerClient(t.app);
  await t.app.deps.db.update(user).set({ phone, country }).where(eq(user.id, client.user.id));
  return client;
}

function getChoices(client: TestClient) {
  return t.app.inject({
    method: "GET",
    url: "/api/me/notifications",
    headers: { cookie: client.cookie },
  });
}

function putChoices(client: TestClient, payload: Record<string, unknown>) {
  return t.app.inject({
    method: "PUT",
    url: "/api/me/notifications",
    headers: { cookie: client.cookie },
    payload,
  });
}

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

const smsRows = (loanId: number) =>
  t.app.deps.db.select().from(smsOutbox).where(eq(smsOutbox.loanId, loanId));
const mailRows = (loanId: number) =>
  t.app.deps.db.select().from(mailOutbox).where(eq(mailOutbox.loanId, loanId));

describe("notification channels", () => {
  it("takes SMS by default only when the profile's phone is a mobile number", async () => {
    const withMobile = await clientWithPhone("07 08 09 10 11");
    expect((await getChoices(withMobile)).json()).toEqual({
      choices: { email: true, sms: true, smsPhone: "+2250708091011" },
    });
    const withLandline = await clientWithPhone("+225 27 22 40 50 60");
    expect((await getChoices(withLandline)).json()).toEqual({
      choices: { email: true, sms: false, smsPhone: null },
    });
    const senegal = await clientWithPhone("77 123 45 67", "Sénégal");
    expect((await getChoices(senegal)).json().choices.smsPhone).toBe("+221771234567");
  });

  it("refuses a number that is not a mobile number, or SMS without a number, in French", async () => {
    const client = await clientWithPhone(null);
    const landline = await putChoices(client, {
      email: true,
      sms: true,
      smsPhone: "+225 27 22 40 50 60",
    });
    expect(landline.statusCode).toBe(400);
    expect(errorOf(landline).fields).toEqual({ smsPhone: mobileNumberMessages.notMobile });
    const garbage = await putChoices(client, { email: true, sms: true, smsPhone: "12" });
    expect(errorOf(garbage).fields).toEqual({ smsPhone: mobileNumberMessages.invalid });
    const none = await putChoices(client, { email: true, sms: true, smsPhone: "" });
    expect(none.statusCode).toBe(400);
    expect(errorOf(none).fields).toEqual({ smsPhone: notificationMessages.smsNeedsMobile });
    const wrongType = await putChoices(client, { email: "oui", sms: true });
    expect(wrongType.statusCode).toBe(400);
    const [row] = await t.app.deps.db
      .select({ notifySms: user.notifySms, smsPhone: user.smsPhone })
      .from(user)
      .where(eq(user.id, client.user.id));
    expect(row).toEqual({ notifySms: null, smsPhone: null });
  });

  it("keeps a mobile number in E.164 and the choices as saved", async () => {
    const client = await clientWithPhone(null, "Togo");
    const saved = await putChoices(client, { email: false, sms: true, smsPhone: "90 00 00 01" });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({
      choices: { email: false, sms: true, smsPhone: "+22890000001" },
    });
    expect((await getChoices(client)).json()).toEqual(saved.json());
  });

  it("sends no SMS to a client who turned SMS off, and no e-mail to one who turned e-mail off", async () => {
    const noSms = await clientWithPhone("07 08 09 10 11");
    expect((await putChoices(noSms, { email: true, sms: false })).statusCode).toBe(200);
    const first = await insertLoan(t.app, noSms.user.id);
    await changeStatus(first, { from: "pending", to: "in_review" });
    expect(await smsRows(first)).toHaveLength(0);
    expect(await mailRows(first)).toHaveLength(1);

    const noMail = await clientWithPhone("07 08 09 10 12");
    expect((await putChoices(noMail, { email: false, sms: true })).statusCode).toBe(200);
    const second = await insertLoan(t.app, noMail.user.id);
    await changeStatus(second, { from: "pending", to: "in_review" });
    expect((await smsRows(second)).map((row) => [row.kind, row.toNumber])).toEqual([
      ["in_review", "+2250708091012"],
    ]);
    expect(await mailRows(second)).toHaveLength(0);
  });

  it("sends the 'request received' SMS with the request, written to the local outbox", async () => {
    const client = await clientWithPhone("07 08 09 10 13");
    const loan = await createLoanWithDocuments(t.app, client.cookie);
    await t.app.deps.background.drain();
    const [row] = await smsRows(loan.id);
    expect(row).toMatchObject({ kind: "received", encoding: "gsm7", segments: 1 });
    expect(row?.sentAt).not.toBeNull();
    const files = readdirSync(t.outboxDir).filter((file) => file.endsWith(".sms.txt"));
    const contents = files.map((file) => readFileSync(join(t.outboxDir, file), "utf8"));
    const number = `#${String(loan.id).padStart(5, "0")}`;
    expect(contents).toContainEqual(
      [
        "À : +2250708091013",
        `Encodage : GSM-7, ${row?.body.length} caractères, 1 SMS`,
        "",
        `Horizon Crédit : votre demande ${number} est bien enregistrée. Réponse sous 48 h. ${t.config.baseUrl}/client/prets/${loan.id}`,
        "",
      ].join("\n"),
    );
  });
});

describe("complement reminder", () => {
  it("reminds once, 48 h after a request for complements left unanswered", async () => {
    const client = await clientWithPhone("07 08 09 10 14");
    const hour = 60 * 60 * 1000;
    const loanId = await insertLoan(t.app, client.user.id, { status: "info_requested" });
    const answeredLoan = await insertLoan(t.app, client.user.id, { status: "in_review" });
    const recentLoan = await insertLoan(t.app, client.user.id, { status: "info_requested" });
    const asked = (id: number, hoursAgo: number, answered = false) =>
      t.app.deps.db.insert(infoRequests).values({
        loanId: id,
        question: "Votre dernier bulletin ?",
        createdBy: officer.user.id,
        createdAt: new Date(Date.now() - hoursAgo * hour),
        ...(answered ? { answer: "Envoyé", answeredAt: new Date() } : {}),
      });
    await asked(loanId, 49);
    await asked(answeredLoan, 60, true);
    await asked(recentLoan, 47);

    const db = t.app.deps.db;
    const baseUrl = t.config.baseUrl;
    expect(await sendComplementReminders({ db, baseUrl })).toBe(1);
    // A second pass, or the pass after a restart, finds it done.
    expect(await sendComplementReminders({ db, baseUrl })).toBe(0);
    const reminders = await t.app.deps.db
      .select()
      .from(smsOutbox)
      .where(and(eq(smsOutbox.kind, "complement_reminder")));
    expect(reminders.map((row) => row.loanId)).toEqual([loanId]);
    expect(reminders[0]?.body).toContain("attend encore un complément");
    // 2 h later the 47 h one is due too.
    expect(
      await sendComplementReminders({ db, baseUrl, now: new Date(Date.now() + 2 * hour) }),
    ).toBe(1);
  });
});
