import { randomUUID } from "node:crypto";
import { and, desc, eq } from "drizzle-orm";
import { disbursements, loanRequests, mailOutbox, payments, smsOutbox } from "../../db/schema";
import type { Targets } from "../../test/authorization-matrix";
import type { TestApp, TestClient } from "../../test/test-app";
import { approvedLoan, disbursedLoan, signedLoan } from "./servicing.test-helpers";

// The servicing's resources named by the authorization matrix and the fuzz test (issue 28):
// made through the API, for the matrix's own client, by its officers. The matrix's platform asks
// a second officer above 1 000 000 FCFA: approvals and disbursements here stay at that amount.

type ServicingTargets = Pick<
  Targets,
  | "approvedLoanId"
  | "withdrawnContractLoanId"
  | "signatureCode"
  | "signedLoanId"
  | "proposedDisbursement"
  | "repayingLoanId"
  | "payment"
  | "repaidLoanId"
  | "statementImportId"
>;

const once = <T>(make: () => Promise<T>) => {
  let value: Promise<T> | undefined;
  return () => {
    value ??= make();
    return value;
  };
};

/** The code last sent for a request: by SMS, or by e-mail for a client without SMS. */
async function lastCode(t: TestApp, loanId: number): Promise<string> {
  const [sms] = await t.database.db
    .select({ body: smsOutbox.body })
    .from(smsOutbox)
    .where(and(eq(smsOutbox.loanId, loanId), eq(smsOutbox.kind, "signature_code")))
    .orderBy(desc(smsOutbox.id))
    .limit(1);
  const [mail] = await t.database.db
    .select({ body: mailOutbox.textBody })
    .from(mailOutbox)
    .where(and(eq(mailOutbox.loanId, loanId), eq(mailOutbox.topic, `signature_code:${loanId}`)))
    .orderBy(desc(mailOutbox.id))
    .limit(1);
  const code = (sms?.body ?? mail?.body ?? "").match(/: (\d{6})/)?.[1];
  if (!code) throw new Error(`no signature code for request ${loanId}`);
  return code;
}

export function servicingTargets(
  t: TestApp,
  own: TestClient,
  officer: TestClient,
  proposer: () => Promise<TestClient>,
): ServicingTargets {
  const { app, database } = t;
  // Pending requests written straight to the table: the wizard's three uploads per request
  // would exhaust the client's allowance of files in waiting.
  const newRequest = async () => {
    const [row] = await database.db
      .insert(loanRequests)
      .values({
        userId: own.user.id,
        loanType: "personal",
        amount: 1_500_000,
        durationMonths: 12,
        purpose: "Fonds de roulement",
      })
      .returning({ id: loanRequests.id });
    return Number(row?.id);
  };
  const options = {
    client: own.cookie,
    clientId: own.user.id,
    officer: officer.cookie,
    approvedAmount: 1_000_000,
    newRequest,
  };
  const post = async (url: string, cookie: string, payload?: object) => {
    const response = await app.inject({ method: "POST", url, headers: { cookie }, payload });
    if (response.statusCode >= 300) throw new Error(`${url}: ${response.body}`);
    return response;
  };
  const repayingLoanId = once(() => disbursedLoan(app, database, options));
  return {
    approvedLoanId: once(() => approvedLoan(app, options)),
    withdrawnContractLoanId: async () => {
      const id = await approvedLoan(app, options);
      await post(`/api/admin/loans/${id}/contract/withdraw`, officer.cookie, {
        reason: "Taux à corriger",
      });
      return id;
    },
    signatureCode: async () => {
      const id = await approvedLoan(app, options);
      await post(`/api/loans/${id}/contract/code`, own.cookie);
      return { loanId: id, code: await lastCode(t, id) };
    },
    signedLoanId: () => signedLoan(app, database, options),
    proposedDisbursement: async () => {
      const id = await signedLoan(app, database, options);
      // Above the threshold by hand: the proposal needs a second officer.
      await database.db
        .update(loanRequests)
        .set({ approvedAmount: 1_200_000 })
        .where(eq(loanRequests.id, id));
      const first = await proposer();
      await post(`/api/admin/loans/${id}/disbursement`, first.cookie, {
        disbursedOn: new Date().toISOString().slice(0, 10),
        channel: "virement",
        reference: `VIR-${randomUUID()}`,
        amount: 1_200_000,
      });
      const [row] = await database.db
        .select({ id: disbursements.id })
        .from(disbursements)
        .where(eq(disbursements.loanId, id));
      return { loanId: id, disbursementId: Number(row?.id) };
    },
    repayingLoanId,
    payment: async () => {
      const loanId = await disbursedLoan(app, database, options);
      await post(`/api/admin/loans/${loanId}/payments`, officer.cookie, {
        paidOn: new Date().toISOString().slice(0, 10),
        amount: 5000,
        channel: "wave",
        reference: `W-${randomUUID()}`,
      });
      const [row] = await database.db
        .select({ id: payments.id })
        .from(payments)
        .where(eq(payments.loanId, loanId));
      return { loanId, paymentId: Number(row?.id) };
    },
    repaidLoanId: once(async () => {
      const loanId = await disbursedLoan(app, database, options);
      const account = await app.inject({
        url: `/api/admin/loans/${loanId}/servicing`,
        headers: { cookie: officer.cookie },
      });
      await post(`/api/admin/loans/${loanId}/payments`, officer.cookie, {
        paidOn: new Date().toISOString().slice(0, 10),
        amount: account.json().account.remainingBalance,
        channel: "especes",
        reference: `CAISSE-${randomUUID()}`,
      });
      return loanId;
    }),
    statementImportId: once(async () => {
      await app.inject({
        method: "PUT",
        url: "/api/admin/statement-mappings/wave",
        headers: { cookie: officer.cookie },
        payload: { dateColumn: "Date", amountColumn: "Montant", referenceColumn: "Référence" },
      });
      const response = await post("/api/admin/statement-imports", officer.cookie, {
        channel: "wave",
        fileName: "releve-matrice.csv",
        csv: "Date;Montant;Référence\r\n2026-01-05;1000;INCONNUE-1\r\n",
      });
      return Number(response.json().import.id);
    }),
  };
}
