import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { dataRightsMessages } from "../../../domain/api/data-rights";
import { authMessages } from "../../auth/auth-messages";
import {
  account,
  documents,
  loanActivities,
  loanRequests,
  securityEvents,
  session,
  smsOutbox,
  storageDeletions,
  user,
} from "../../db/schema";
import { changeStatus, setProfile } from "../../test/admin-test-data";
import { apiFixture } from "../../test/api-fixture";
import { errorOf, nextIp, registerClient, type TestClient, uploadFile } from "../../test/test-app";
import { pdfFile } from "../../test/test-files";
import { createLoanWithDocuments } from "../loans/complement.test-helpers";
import { runRetentionPass } from "./data-rights-jobs";

// 'Fermer mon compte': refused under review, then closed at once (no sign-in, no session),
// contact data erased, the decided requests kept read-only until RETENTION_YEARS have passed.

const {
  t,
  officers: [officer],
} = apiFixture({ officers: 1 });
const silent = { info() {}, warn() {}, error() {} };

function close(client: TestClient, password = client.password) {
  return t.app.inject({
    method: "POST",
    url: "/api/me/close-account",
    headers: { cookie: client.cookie },
    payload: { password },
  });
}

function signIn(client: TestClient) {
  return t.app.inject({
    method: "POST",
    url: "/api/session",
    remoteAddress: nextIp(),
    payload: { email: client.email, password: client.password, rememberMe: true },
  });
}

/** A client with a decided (rejected) request, a standalone document and a full profile. */
async function clientWithDecidedRequest() {
  const client = await registerClient(t.app);
  const loan = await createLoanWithDocuments(t.app, client.cookie);
  await changeStatus(t, { loanId: loan.id, from: "pending", to: "rejected", by: officer.user.id });
  await setProfile(t, client.user.id, {
    phone: "+225 07 08 09 10 11",
    address: "Rue des Jardins",
    city: "Abidjan",
    country: "Côte d'Ivoire",
  });
  await t.database.db
    .update(user)
    .set({ smsPhone: "+2250708091011", postalCode: "01 BP 12" })
    .where(eq(user.id, client.user.id));
  await t.database.db.insert(smsOutbox).values([
    {
      toNumber: "+2250708091011",
      body: "Demande #1 : sent",
      encoding: "gsm7",
      segments: 1,
      kind: "rejected",
      loanId: loan.id,
      sentAt: new Date(),
    },
    {
      toNumber: "+2250708091011",
      body: "Demande #1 : not yet",
      encoding: "gsm7",
      segments: 1,
      kind: "rejected",
      loanId: loan.id,
    },
  ]);
  const uploadId = await uploadFile(t.app, client.cookie, pdfFile("Domicile"), "domicile.pdf");
  const created = await t.app.inject({
    method: "POST",
    url: "/api/documents",
    headers: { cookie: client.cookie },
    payload: { name: "Domicile", category: "autre", uploadId },
  });
  expect(created.statusCode, created.body).toBe(201);
  return { client, loanId: loan.id, standaloneId: created.json().document.id as string };
}

describe("POST /api/me/close-account", () => {
  it("is refused with a French 409 while a request is under review, and with a wrong password", async () => {
    const client = await registerClient(t.app);
    const loan = await createLoanWithDocuments(t.app, client.cookie);
    const wrong = await close(client, "Pas-le-bon-mot-de-passe");
    expect(wrong.statusCode).toBe(400);
    expect(errorOf(wrong).message).toBe(dataRightsMessages.wrongPassword);
    for (const [from, to] of [
      [null, "pending"],
      ["pending", "in_review"],
      ["in_review", "info_requested"],
    ] as const) {
      if (from) await changeStatus(t, { loanId: loan.id, from, to, by: officer.user.id });
      const refused = await close(client);
      expect(refused.statusCode).toBe(409);
      expect(errorOf(refused).message).toBe(dataRightsMessages.underReview);
    }
    const [row] = await t.database.db.select().from(user).where(eq(user.id, client.user.id));
    expect(row?.closedAt).toBeNull();
    expect(
      (await t.app.inject({ method: "GET", url: "/api/me", headers: { cookie: client.cookie } }))
        .statusCode,
    ).toBe(200);
  });

  it("closes the account at once: sessions ended, sign-in refused in French, contact data erased, the credit file kept", async () => {
    const { client, loanId, standaloneId } = await clientWithDecidedRequest();
    const second = await signIn(client);
    expect(second.statusCode).toBe(200);
    const [standalone] = await t.database.db
      .select()
      .from(documents)
      .where(eq(documents.id, standaloneId));

    const closed = await close(client);
    expect(closed.statusCode, closed.body).toBe(204);
    expect(closed.headers["set-cookie"]).toBeDefined();

    // Every session ended, this browser's and the other one's.
    expect(
      await t.database.db.select().from(session).where(eq(session.userId, client.user.id)),
    ).toHaveLength(0);
    for (const cookie of [client.cookie, second.headers["set-cookie"]?.toString() ?? ""]) {
      const me = await t.app.inject({ method: "GET", url: "/api/me", headers: { cookie } });
      expect(me.statusCode).toBe(401);
    }
    const refused = await signIn(client);
    expect(refused.statusCode).toBe(403);
    expect(errorOf(refused).message).toBe(dataRightsMessages.accountClosed);

    const [row] = await t.database.db.select().from(user).where(eq(user.id, client.user.id));
    expect(row?.closedAt).not.toBeNull();
    expect(row).toMatchObject({
      phone: null,
      address: null,
      city: null,
      postalCode: null,
      smsPhone: null,
      notifyEmail: false,
      notifySms: false,
    });
    // What identifies the credit file stays: the names, the e-mail, the country.
    expect(row).toMatchObject({
      email: client.email,
      firstName: expect.any(String),
      country: "Côte d'Ivoire",
    });

    // The decided request and its documents are kept; the standalone document is gone, file too.
    expect(
      await t.database.db.select().from(loanRequests).where(eq(loanRequests.id, loanId)),
    ).toHaveLength(1);
    const left = await t.database.db
      .select()
      .from(documents)
      .where(eq(documents.userId, client.user.id));
    expect(left.map((document) => document.loanId)).toEqual([loanId, loanId, loanId]);
    expect(await t.app.deps.storage.exists(standalone?.storageKey ?? "")).toBe(false);
    expect(await t.database.db.select().from(storageDeletions)).toHaveLength(0);
    // Unsent SMS dropped; the sent one keeps its text, not the number.
    const sms = await t.database.db.select().from(smsOutbox).where(eq(smsOutbox.loanId, loanId));
    expect(sms.map((row) => [row.body, row.toNumber])).toEqual([["Demande #1 : sent", ""]]);

    const journal = await t.database.db
      .select()
      .from(securityEvents)
      .where(eq(securityEvents.userId, client.user.id));
    expect(journal.map((event) => event.type)).toContain("account_closed");

    // The address stays the closed account's: a new registration is refused, saying why.
    const again = await t.app.inject({
      method: "POST",
      url: "/api/register",
      remoteAddress: nextIp(),
      payload: {
        fullName: "Awa Koné",
        email: client.email,
        password: "Baobab-Lagune-42",
        confirmPassword: "Baobab-Lagune-42",
      },
    });
    expect(again.statusCode).toBe(409);
    expect(errorOf(again).message).toBe(authMessages.emailOfClosedAccount);
  });

  it("shows officers 'Compte fermé' and keeps the closed client's requests read-only, but for marking a loan repaid", async () => {
    const { client, loanId } = await clientWithDecidedRequest();
    expect((await close(client)).statusCode).toBe(204);
    const get = (url: string) =>
      t.app.inject({ method: "GET", url, headers: { cookie: officer.cookie } });
    const list = await get(`/api/admin/clients?q=${encodeURIComponent(client.email)}`);
    expect(list.json().items[0].closedAt).not.toBeNull();
    expect(
      (await get(`/api/admin/clients/${client.user.id}`)).json().client.closedAt,
    ).not.toBeNull();
    expect((await get(`/api/admin/loans/${loanId}`)).json().loan.client.closedAt).not.toBeNull();

    const post = (url: string, payload: object) =>
      t.app.inject({ method: "POST", url, headers: { cookie: officer.cookie }, payload });
    const note = await post(`/api/admin/loans/${loanId}/notes`, { note: "Relance" });
    expect(note.statusCode).toBe(409);
    expect(errorOf(note).message).toBe(dataRightsMessages.clientAccountClosed);
    const assign = await t.app.inject({
      method: "PUT",
      url: `/api/admin/loans/${loanId}/assignee`,
      headers: { cookie: officer.cookie },
      payload: { assigneeId: officer.user.id },
    });
    expect(assign.statusCode).toBe(409);

    // An approved loan of a closed client is still marked repaid.
    await t.database.db
      .update(loanRequests)
      .set({ status: "approved" })
      .where(eq(loanRequests.id, loanId));
    const repaid = await post(`/api/admin/loans/${loanId}/status`, {
      from: "approved",
      to: "completed",
    });
    expect(repaid.statusCode, repaid.body).toBe(200);
  });

  it("removes the account and its credit file once RETENTION_YEARS have passed, and not before", async () => {
    const { client, loanId } = await clientWithDecidedRequest();
    expect((await close(client)).statusCode).toBe(204);
    const keys = (
      await t.database.db.select().from(documents).where(eq(documents.loanId, loanId))
    ).map((row) => row.storageKey);
    const db = t.database.db;

    const early = await runRetentionPass({
      db,
      storage: t.app.deps.storage,
      config: { retentionYears: 10, exportTtlHours: 168 },
      logger: silent,
    });
    expect(early.accounts).toBe(0);
    expect(await db.select().from(loanRequests).where(eq(loanRequests.id, loanId))).toHaveLength(1);

    // Closed ten years and a day ago: past the retention.
    const tenYearsAgo = new Date();
    tenYearsAgo.setUTCFullYear(tenYearsAgo.getUTCFullYear() - 10);
    tenYearsAgo.setUTCDate(tenYearsAgo.getUTCDate() - 1);
    await db.update(user).set({ closedAt: tenYearsAgo }).where(eq(user.id, client.user.id));
    const pass = await runRetentionPass({
      db,
      storage: t.app.deps.storage,
      config: { retentionYears: 10, exportTtlHours: 168 },
      logger: silent,
    });
    expect(pass.accounts).toBe(1);
    expect(await db.select().from(user).where(eq(user.id, client.user.id))).toHaveLength(0);
    expect(await db.select().from(account).where(eq(account.userId, client.user.id))).toHaveLength(
      0,
    );
    expect(await db.select().from(loanRequests).where(eq(loanRequests.id, loanId))).toHaveLength(0);
    expect(
      await db.select().from(loanActivities).where(eq(loanActivities.loanId, loanId)),
    ).toHaveLength(0);
    expect(await db.select().from(smsOutbox).where(eq(smsOutbox.loanId, loanId))).toHaveLength(0);
    for (const key of keys) expect(await t.app.deps.storage.exists(key)).toBe(false);
    // Idempotent: a second pass finds nothing more.
    expect(
      (
        await runRetentionPass({
          db,
          storage: t.app.deps.storage,
          config: { retentionYears: 10, exportTtlHours: 168 },
          logger: silent,
        })
      ).accounts,
    ).toBe(0);
  });

  it("leaves an account another instance is removing (claimed) alone; a RETENTION_YEARS of 0 removes at once", async () => {
    const { client } = await clientWithDecidedRequest();
    expect((await close(client)).statusCode).toBe(204);
    const db = t.database.db;
    await db
      .update(user)
      .set({ purgeClaimedUntil: new Date(Date.now() + 60_000) })
      .where(eq(user.id, client.user.id));
    const config = { retentionYears: 0, exportTtlHours: 168 };
    const present = async () =>
      (await db.select().from(user).where(eq(user.id, client.user.id))).length;
    await runRetentionPass({ db, storage: t.app.deps.storage, config, logger: silent });
    expect(await present()).toBe(1);
    await db
      .update(user)
      .set({ purgeClaimedUntil: new Date(Date.now() - 1000) })
      .where(eq(user.id, client.user.id));
    await runRetentionPass({ db, storage: t.app.deps.storage, config, logger: silent });
    expect(await present()).toBe(0);
    // The address is free again: a new registration works.
    const again = await registerClient(t.app, {
      fullName: "Awa Koné",
      email: client.email,
      password: client.password,
    });
    expect(again.user.email).toBe(client.email);
  });

  it("is refused to an officer", async () => {
    const refused = await t.app.inject({
      method: "POST",
      url: "/api/me/close-account",
      headers: { cookie: officer.cookie },
      payload: { password: officer.password },
    });
    expect(refused.statusCode).toBe(403);
    expect(errorOf(refused).message).toBe(dataRightsMessages.officersCannotClose);
  });
});
