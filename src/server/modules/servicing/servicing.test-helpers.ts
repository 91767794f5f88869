import { desc, eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { Database } from "../../db/client";
import { contracts, smsOutbox, user } from "../../db/schema";
import { createLoanWithDocuments } from "../loans/complement.test-helpers";

// The servicing's test steps (issue 28): an approved request, its signed contract, its
// disbursement; each through the API, as officers and clients do it.

type Cookie = string;

/** Who acts, and on what: the client (its cookie and id), the officer, the terms. */
export type ServicingSteps = {
  client: Cookie;
  clientId: string;
  officer: Cookie;
  approvedAmount?: number;
  disbursedOn?: string;
  /** Makes the pending request to approve (default: the client's wizard, with documents). */
  newRequest?: () => Promise<number>;
};

export async function approvedLoan(
  app: FastifyInstance,
  {
    client,
    officer,
    approvedAmount = 1_200_000,
    interestRate = 12,
    newRequest = async () => (await createLoanWithDocuments(app, client)).id,
  }: {
    client: Cookie;
    officer: Cookie;
    approvedAmount?: number;
    interestRate?: number;
    /** Makes the pending request to approve (default: the client's wizard, with documents). */
    newRequest?: () => Promise<number>;
  },
): Promise<number> {
  const id = await newRequest();
  const response = await app.inject({
    method: "POST",
    url: `/api/admin/loans/${id}/status`,
    headers: { cookie: officer },
    payload: { from: "pending", to: "approved", approvedAmount, interestRate },
  });
  if (response.statusCode !== 200) throw new Error(`approval: ${response.body}`);
  return id;
}

/** Gives the client a mobile number and SMS notices, so that the code goes by SMS. */
export async function takeSms(database: Database, userId: string): Promise<void> {
  await database.db
    .update(user)
    .set({ phone: "+225 07 08 09 10 11", country: "Côte d'Ivoire", notifySms: true })
    .where(eq(user.id, userId));
}

/** The last signature code sent by SMS for the request, read from the SMS outbox. */
export async function lastSmsCode(database: Database, loanId: number): Promise<string> {
  const [row] = await database.db
    .select({ body: smsOutbox.body })
    .from(smsOutbox)
    .where(eq(smsOutbox.loanId, loanId))
    .orderBy(desc(smsOutbox.id))
    .limit(1);
  const code = row?.body.match(/: (\d{6})\./)?.[1];
  if (!code) throw new Error(`no code in ${row?.body}`);
  return code;
}

export async function signedLoan(
  app: FastifyInstance,
  database: Database,
  options: ServicingSteps,
): Promise<number> {
  await takeSms(database, options.clientId);
  const id = await approvedLoan(app, options);
  const sent = await app.inject({
    method: "POST",
    url: `/api/loans/${id}/contract/code`,
    headers: { cookie: options.client },
  });
  if (sent.statusCode !== 200) throw new Error(`code: ${sent.body}`);
  const signed = await app.inject({
    method: "POST",
    url: `/api/loans/${id}/contract/sign`,
    headers: { cookie: options.client, "user-agent": "Mozilla/5.0 (Linux; Android 14) test" },
    payload: { code: await lastSmsCode(database, id) },
  });
  if (signed.statusCode !== 200) throw new Error(`sign: ${signed.body}`);
  return id;
}

export async function disbursedLoan(
  app: FastifyInstance,
  database: Database,
  options: ServicingSteps,
): Promise<number> {
  const id = await signedLoan(app, database, options);
  if (options.disbursedOn) {
    // A loan disbursed in the past (late instalments): signed that day too.
    await database.db
      .update(contracts)
      .set({ signedAt: new Date(`${options.disbursedOn}T09:00:00Z`) })
      .where(eq(contracts.loanId, id));
  }
  const response = await app.inject({
    method: "POST",
    url: `/api/admin/loans/${id}/disbursement`,
    headers: { cookie: options.officer },
    payload: {
      disbursedOn: options.disbursedOn ?? new Date().toISOString().slice(0, 10),
      channel: "orange_money",
      reference: `DEC-${id}-${Math.random().toString(36).slice(2, 8)}`,
      amount: options.approvedAmount ?? 1_200_000,
    },
  });
  if (response.statusCode !== 201) throw new Error(`disbursement: ${response.body}`);
  return id;
}
