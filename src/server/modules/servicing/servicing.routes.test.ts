import { execFileSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { noticeKindLabel } from "../../../domain/api/notices";
import type { AdminLoanAccountJson, LoanAccountJson } from "../../../domain/api/servicing";
import { contracts, documents, loanRequests, payments } from "../../db/schema";
import { loanNotices } from "../../notices/loan-notices";
import { apiFixture } from "../../test/api-fixture";
import {
  approvedLoan,
  disbursedLoan,
  lastSmsCode,
  signedLoan,
  takeSms,
} from "./servicing.test-helpers";
import { readStored } from "./servicing-store";

// The path after the decision (issue 28), through the API, on PGlite and on PostgreSQL
// (TEST_DATABASE_URL): approved -> contract -> signed -> disbursed -> payments -> soldé.

const {
  t,
  officers: [officer, second],
  clients: [client, other],
} = apiFixture({
  officers: 2,
  clients: 2,
  app: { env: { APPROVAL_SECOND_OFFICER_ABOVE: "5000000", LOAN_FEES_PERCENT: "1,5" } },
});

const today = () => new Date().toISOString().slice(0, 10);

async function clientAccount(id: number, cookie = client.cookie) {
  const response = await t.app.inject({ url: `/api/loans/${id}/servicing`, headers: { cookie } });
  return { status: response.statusCode, account: response.json().account as LoanAccountJson };
}

async function adminAccount(id: number) {
  const response = await t.app.inject({
    url: `/api/admin/loans/${id}/servicing`,
    headers: { cookie: officer.cookie },
  });
  return response.json().account as AdminLoanAccountJson;
}

function pay(id: number, payload: object, cookie = officer.cookie) {
  return t.app.inject({
    method: "POST",
    url: `/api/admin/loans/${id}/payments`,
    headers: { cookie },
    payload,
  });
}

describe("the contract", () => {
  it("is prepared at the approval with the default fees, and the client reads it", async () => {
    const id = await approvedLoan(t.app, { client: client.cookie, officer: officer.cookie });
    const { status, account } = await clientAccount(id);
    expect(status).toBe(200);
    expect(account.stage).toBe("contract");
    expect(account.contract).toMatchObject({
      state: "prepared",
      amount: 1_200_000,
      annualRatePercent: 12,
      feesAmount: 18_000,
      monthlyPayment: 106_619,
    });
    const file = await t.app.inject({
      url: `/api/documents/${account.contract?.unsignedDocumentId}/file`,
      headers: { cookie: client.cookie },
    });
    expect(file.statusCode).toBe(200);
    expect(file.headers["content-type"]).toContain("application/pdf");
    expect(file.rawPayload.subarray(0, 5).toString()).toBe("%PDF-");
    // Another client: as a missing request.
    expect((await clientAccount(id, other.cookie)).status).toBe(404);
  });

  it("5 wrong codes lock the signature; the officer withdraws and prepares it again", async () => {
    await takeSms(t.database, client.user.id);
    const id = await approvedLoan(t.app, { client: client.cookie, officer: officer.cookie });
    const code = await t.app.inject({
      method: "POST",
      url: `/api/loans/${id}/contract/code`,
      headers: { cookie: client.cookie },
    });
    expect(code.json().message).toContain("SMS");
    const right = await lastSmsCode(t.database, id);
    const wrong = right === "000000" ? "111111" : "000000";
    for (let attempt = 1; attempt <= 4; attempt += 1) {
      const response = await t.app.inject({
        method: "POST",
        url: `/api/loans/${id}/contract/sign`,
        headers: { cookie: client.cookie },
        payload: { code: wrong },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().error.fields.code).toBe(
        "Code incorrect. Vérifiez le code reçu et réessayez.",
      );
    }
    const fifth = await t.app.inject({
      method: "POST",
      url: `/api/loans/${id}/contract/sign`,
      headers: { cookie: client.cookie },
      payload: { code: wrong },
    });
    expect(fifth.statusCode).toBe(429);
    expect(fifth.json().error.message).toMatch(/^Trop de codes incorrects/);
    // Locked: even the right code waits.
    const locked = await t.app.inject({
      method: "POST",
      url: `/api/loans/${id}/contract/sign`,
      headers: { cookie: client.cookie },
      payload: { code: right },
    });
    expect(locked.statusCode).toBe(429);

    const withdraw = await t.app.inject({
      method: "POST",
      url: `/api/admin/loans/${id}/contract/withdraw`,
      headers: { cookie: officer.cookie },
      payload: { reason: "Taux à corriger" },
    });
    expect(withdraw.statusCode).toBe(200);
    expect(withdraw.json().account.contract.state).toBe("withdrawn");
    const again = await t.app.inject({
      method: "POST",
      url: `/api/admin/loans/${id}/contract/prepare`,
      headers: { cookie: officer.cookie },
    });
    expect(again.statusCode).toBe(200);
    const account = again.json().account as AdminLoanAccountJson;
    expect(account.contract?.state).toBe("prepared");
    expect(account.contractHistory.map((contract) => contract.state)).toEqual([
      "prepared",
      "withdrawn",
    ]);
    const detail = await t.app.inject({
      url: `/api/admin/loans/${id}`,
      headers: { cookie: officer.cookie },
    });
    const types = (detail.json().loan.activities as Array<{ type: string }>).map((a) => a.type);
    expect(types).toEqual(expect.arrayContaining(["contract_withdrawn", "contract_prepared"]));
  });

  it("a code expires after 10 minutes", async () => {
    await takeSms(t.database, client.user.id);
    const id = await approvedLoan(t.app, { client: client.cookie, officer: officer.cookie });
    await t.app.inject({
      method: "POST",
      url: `/api/loans/${id}/contract/code`,
      headers: { cookie: client.cookie },
    });
    await t.database.db
      .update(contracts)
      .set({ codeExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(contracts.loanId, id));
    const response = await t.app.inject({
      method: "POST",
      url: `/api/loans/${id}/contract/sign`,
      headers: { cookie: client.cookie },
      payload: { code: await lastSmsCode(t.database, id) },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBe("Ce code a expiré. Demandez un nouveau code.");
  });

  it("signed: the evidence is kept and the firm's seal passes pdfsig; one changed byte breaks it", async () => {
    const id = await signedLoan(t.app, t.database, {
      client: client.cookie,
      clientId: client.user.id,
      officer: officer.cookie,
    });
    const account = await adminAccount(id);
    expect(account.stage).toBe("to_disburse");
    expect(account.contract).toMatchObject({ state: "signed", signerIp: expect.any(String) });
    expect(account.contract?.stateLabel).toMatch(/^Signé le /);
    expect(account.contract?.signerUserAgent).toContain("Android 14");
    expect(account.contract?.signer?.id).toBe(client.user.id);
    const [row] = await t.database.db
      .select({ key: documents.storageKey })
      .from(documents)
      .where(eq(documents.id, String(account.contract?.signedDocumentId)));
    const signed = await readStored(t.app.deps.storage, String(row?.key));
    const directory = mkdtempSync(join(tmpdir(), "sceau-"));
    const file = join(directory, "contrat-signe.pdf");
    writeFileSync(file, signed);
    const report = execFileSync("pdfsig", [file], { encoding: "utf8" });
    expect(report).toContain("Signature Type: ETSI.CAdES.detached");
    expect(report).toContain("Signature Validation: Signature is Valid.");
    expect(report).toContain("Total document signed");
    // One byte changed inside the signed range (the first page's content): no longer valid.
    const tampered = Buffer.from(signed);
    const at = tampered.indexOf("Contrat de pr");
    const index = at > 0 ? at : 200;
    tampered[index] = (tampered[index] ?? 0) ^ 0x01;
    const broken = join(directory, "contrat-modifie.pdf");
    writeFileSync(broken, tampered);
    let brokenReport = "";
    try {
      brokenReport = execFileSync("pdfsig", [broken], { encoding: "utf8" });
    } catch (error) {
      brokenReport = String((error as { stdout?: string }).stdout ?? "");
    }
    expect(brokenReport).not.toContain("Signature is Valid.");
    expect(brokenReport).toMatch(/Signature Validation: (Digest Mismatch|Signature is Invalid)/);
  });
});

describe("the money", () => {
  it("approved -> signed -> disbursed -> payments -> soldé, with the certificate", async () => {
    const disbursedOn = new Date(Date.now() - 40 * 86_400_000).toISOString().slice(0, 10);
    const id = await disbursedLoan(t.app, t.database, {
      client: client.cookie,
      clientId: client.user.id,
      officer: officer.cookie,
      disbursedOn,
    });
    let account = await adminAccount(id);
    expect(account.stage).toBe("repaying");
    expect(account.installments).toHaveLength(12);
    expect(account.installments[0]).toMatchObject({
      state: "late",
      stateLabel: expect.stringMatching(/^En retard de \d+ jours?$/),
    });
    expect(account.installments.reduce((sum, row) => sum + row.principal, 0)).toBe(1_200_000);

    // Bad input: French 400s naming the field.
    const negative = await pay(id, {
      paidOn: today(),
      amount: -5,
      channel: "wave",
      reference: "W-NEG",
    });
    expect(negative.statusCode).toBe(400);
    expect(negative.json().error.fields.amount).toBe("Le montant ne peut pas être négatif");
    const future = await pay(id, {
      paidOn: "2999-01-01",
      amount: 1000,
      channel: "wave",
      reference: "W-FUT",
    });
    expect(future.json().error.fields.paidOn).toBe(
      "La date de paiement ne peut pas être dans le futur",
    );
    const beyond = await pay(id, {
      paidOn: today(),
      amount: 99_000_000,
      channel: "wave",
      reference: "W-BIG",
    });
    expect(beyond.statusCode).toBe(400);
    expect(beyond.json().error.fields.amount).toMatch(/^Le montant dépasse le solde restant dû/);

    // A partial payment, then the same reference twice at once: one wins, the other 409.
    const partial = await pay(id, {
      paidOn: today(),
      amount: 50_000,
      channel: "wave",
      reference: `W-${id}-1`,
    });
    expect(partial.statusCode).toBe(201);
    account = partial.json().account;
    expect(account.installments[0]).toMatchObject({ paid: 50_000, state: "late" });
    const same = { paidOn: today(), amount: 10_000, channel: "wave", reference: `W-${id}-2` };
    const [first, secondTry] = await Promise.all([pay(id, same), pay(id, same, second.cookie)]);
    expect([first.statusCode, secondTry.statusCode].sort()).toEqual([201, 409]);
    const refused = first.statusCode === 409 ? first : secondTry;
    expect(refused.json().error).toMatchObject({
      code: "payment_reference_taken",
      message: "Cette référence de paiement est déjà enregistrée.",
    });
    const rows = await t.database.db.select().from(payments).where(eq(payments.loanId, id));
    expect(rows).toHaveLength(2);

    // A reversal with its reason: the payment stays, its money leaves the instalments.
    const reversed = await t.app.inject({
      method: "POST",
      url: `/api/admin/loans/${id}/payments/${rows[1]?.id}/reversal`,
      headers: { cookie: officer.cookie },
      payload: { reason: "Doublon de l'opérateur" },
    });
    expect(reversed.statusCode).toBe(200);
    account = reversed.json().account;
    expect(account.installments[0]?.paid).toBe(50_000);
    expect(account.payments.find((p) => p.id === rows[1]?.id)?.reversalReason).toBe(
      "Doublon de l'opérateur",
    );

    // The rest of the balance: 'Soldé', status completed, the certificate.
    const rest = account.remainingBalance;
    const last = await pay(id, {
      paidOn: today(),
      amount: rest,
      channel: "orange_money",
      reference: `OM-${id}-solde`,
    });
    expect(last.statusCode).toBe(201);
    account = last.json().account;
    expect(account.stage).toBe("repaid");
    expect(account.stageLabel).toBe("Soldé");
    expect(account.remainingBalance).toBe(0);
    expect(account.installments.every((row) => row.stateLabel === "Payée")).toBe(true);
    const [loan] = await t.database.db
      .select({ status: loanRequests.status })
      .from(loanRequests)
      .where(eq(loanRequests.id, id));
    expect(loan?.status).toBe("completed");
    const certificate = await t.app.inject({
      url: `/api/loans/${id}/certificate.pdf`,
      headers: { cookie: client.cookie },
    });
    expect(certificate.statusCode).toBe(200);
    expect(certificate.rawPayload.subarray(0, 5).toString()).toBe("%PDF-");
    const view = await clientAccount(id);
    expect(view.account.certificateAvailable).toBe(true);
    expect(view.account.paymentInstructions.reference).toBe(`#${String(id).padStart(5, "0")}`);
    // Every notice of the path is named in words in the officers' history, not by its code.
    const notices = await loanNotices(t.database.db, id);
    expect(new Set(notices.map((notice) => notice.kind)).size).toBeGreaterThan(4);
    for (const notice of notices) expect(noticeKindLabel(notice.kind)).not.toBe(notice.kind);

    // The officers' list: 'Soldé'.
    const list = await t.app.inject({
      url: "/api/admin/loans?suivi=solde&pageSize=100",
      headers: { cookie: officer.cookie },
    });
    expect((list.json().items as Array<{ id: number }>).map((item) => item.id)).toContain(id);
  });

  it("a disbursement below the approved amount needs a reason; above the threshold, a second officer", async () => {
    const id = await signedLoan(t.app, t.database, {
      client: client.cookie,
      clientId: client.user.id,
      officer: officer.cookie,
    });
    const body = { disbursedOn: today(), channel: "virement", reference: `VIR-${id}` };
    const less = await t.app.inject({
      method: "POST",
      url: `/api/admin/loans/${id}/disbursement`,
      headers: { cookie: officer.cookie },
      payload: { ...body, amount: 1_000_000 },
    });
    expect(less.statusCode).toBe(400);
    expect(less.json().error.fields.reason).toBe(
      "Veuillez indiquer pourquoi le montant décaissé est inférieur au montant approuvé",
    );
    const above = await t.app.inject({
      method: "POST",
      url: `/api/admin/loans/${id}/disbursement`,
      headers: { cookie: officer.cookie },
      payload: { ...body, amount: 1_300_000 },
    });
    expect(above.json().error.fields.amount).toBe(
      "Le montant décaissé ne peut pas dépasser le montant approuvé",
    );

    const big = await signedLoan(t.app, t.database, {
      client: client.cookie,
      clientId: client.user.id,
      officer: officer.cookie,
      approvedAmount: 1_500_000,
    });
    // Four-eyes from 5 000 000 in this file: raise the approved amount beyond it by hand.
    await t.database.db
      .update(loanRequests)
      .set({ approvedAmount: 6_000_000 })
      .where(eq(loanRequests.id, big));
    const proposed = await t.app.inject({
      method: "POST",
      url: `/api/admin/loans/${big}/disbursement`,
      headers: { cookie: officer.cookie },
      payload: { ...body, reference: `VIR-${big}`, amount: 6_000_000 },
    });
    expect(proposed.statusCode).toBe(201);
    const waiting = proposed.json().account as AdminLoanAccountJson;
    expect(waiting.disbursement?.status).toBe("proposed");
    expect(waiting.installments).toEqual([]);
    const own = await t.app.inject({
      method: "POST",
      url: `/api/admin/loans/${big}/disbursement/confirm`,
      headers: { cookie: officer.cookie },
      payload: { disbursementId: waiting.disbursement?.id },
    });
    expect(own.statusCode).toBe(403);
    const confirmed = await t.app.inject({
      method: "POST",
      url: `/api/admin/loans/${big}/disbursement/confirm`,
      headers: { cookie: second.cookie },
      payload: { disbursementId: waiting.disbursement?.id },
    });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json().account.installments).toHaveLength(12);
  });
});
