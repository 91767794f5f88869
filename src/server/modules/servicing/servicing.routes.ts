import { and, eq, isNull, max, sql } from "drizzle-orm";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { adminLoanMessages } from "../../../domain/api/admin-loans";
import { loanMessages } from "../../../domain/api/loans";
import { servicingMessages } from "../../../domain/api/servicing";
import {
  contractSignSchema,
  contractWithdrawSchema,
  disbursementConfirmSchema,
  disbursementSchema,
  maxStatementBytes,
  paymentReversalSchema,
  paymentSchema,
  statementChannelParamSchema,
  statementConfirmSchema,
  statementImportSchema,
  statementMappingSchema,
} from "../../../domain/api/servicing.schema";
import { formatLoanId } from "../../../domain/format-loan-id";
import { currentUser, requireAdmin, requireClient } from "../../auth";
import { disbursements, loanRequests, payments, user } from "../../db/schema";
import { conflict, notFound, parseBody, parseQuery } from "../../http/app-error";
import { dispatchOutbox } from "../../mail/outbox";
import { startPeriodic } from "../../periodic";
import { refuseWritesOnClosedClient } from "../data-rights/closed-client-guard";
import { loanIdParam } from "../loans/loan-id";
import { makeCertificatePdf } from "./certificate-pdf";
import {
  prepareContract,
  sendSignatureCode,
  signContract,
  withdrawContract,
} from "./contract.service";
import { type ContractSeal, resolveContractSeal } from "./contract-seal";
import {
  confirmDisbursement,
  recordDisbursement,
  recordPayment,
  reversePayment,
} from "./ledger.service";
import { getAdminLoanAccount, getClientLoanAccount } from "./loan-account";
import { repaymentReminderIntervalMs, sendRepaymentReminders } from "./repayment-reminders";
import {
  confirmStatementRows,
  getStatementImport,
  importStatement,
  listMappings,
  saveMapping,
} from "./statement-import.service";

// The servicing routes (issue 28; domain/api/servicing.ts lists them with their bodies).

/** The notices just committed in the outboxes: sent now, retried by the periodic dispatchers. */
function dispatchNotices(app: FastifyInstance, request: FastifyRequest): void {
  const { db, mailer, background, sms } = app.deps;
  background.run("courriels en attente", () => dispatchOutbox({ db, mailer, logger: request.log }));
  sms.kick();
}

/** The seal, read (or generated) once per app, at start-up. */
export function contractSealOf(app: FastifyInstance): () => ContractSeal {
  let seal: ContractSeal | undefined;
  return () => {
    seal ??= resolveContractSeal(app.deps.config);
    return seal;
  };
}

/** The client's side: the servicing of its own requests, the signature, the certificate. */
export async function clientServicingRoutes(app: FastifyInstance) {
  const { db, storage, config, background, mailer, sms } = app.deps;
  const seal = contractSealOf(app);
  let stopReminders: (() => Promise<void>) | undefined;
  app.addHook("onReady", async () => {
    // Read (or made) at start-up: a wrong certificate stops the start, not a signature.
    seal();
    // The repayment reminders, through the existing periodic runner and outboxes.
    stopReminders = startPeriodic({
      task: async () => {
        const queued = await sendRepaymentReminders({
          db,
          baseUrl: config.baseUrl,
          hour: config.reminderHour,
        });
        if (queued > 0) {
          background.run("courriels en attente", () =>
            dispatchOutbox({ db, mailer, logger: app.log }),
          );
          sms.kick();
        }
      },
      intervalMs: repaymentReminderIntervalMs,
      onError: (error) => app.log.error({ err: error }, "rappels d'échéance en échec"),
    });
  });
  app.addHook("onClose", async () => {
    await stopReminders?.();
  });
  const loanId = (request: FastifyRequest) => loanIdParam(request.params, loanMessages.notFound);
  const account = (request: FastifyRequest, id: number) =>
    getClientLoanAccount({
      db,
      userId: currentUser(request).id,
      loanId: id,
      accounts: config.paymentAccounts,
    });
  const dispatch = (request: FastifyRequest) => dispatchNotices(app, request);

  app.get("/loans/:id/servicing", { preHandler: requireClient }, async (request) => {
    return { account: await account(request, loanId(request)) };
  });

  app.post("/loans/:id/contract/code", { preHandler: requireClient }, async (request) => {
    const id = loanId(request);
    const channel = await sendSignatureCode({
      db,
      userId: currentUser(request).id,
      loanId: id,
      baseUrl: config.baseUrl,
    });
    dispatch(request);
    return {
      account: await account(request, id),
      message: channel === "sms" ? servicingMessages.codeSentSms : servicingMessages.codeSentEmail,
    };
  });

  app.post("/loans/:id/contract/sign", { preHandler: requireClient }, async (request) => {
    const id = loanId(request);
    const { code } = parseBody(contractSignSchema, request.body);
    await signContract({
      db,
      storage,
      seal: seal(),
      userId: currentUser(request).id,
      loanId: id,
      code,
      ip: request.ip,
      userAgent: String(request.headers["user-agent"] ?? "inconnu"),
      baseUrl: config.baseUrl,
    });
    dispatch(request);
    return { account: await account(request, id), message: servicingMessages.signed };
  });

  app.get("/loans/:id/certificate.pdf", { preHandler: requireClient }, async (request, reply) => {
    const id = loanId(request);
    const userId = currentUser(request).id;
    const [loan] = await db
      .select({
        stage: loanRequests.servicingStage,
        firstName: user.firstName,
        lastName: user.lastName,
      })
      .from(loanRequests)
      .innerJoin(user, eq(user.id, loanRequests.userId))
      .where(and(eq(loanRequests.id, id), eq(loanRequests.userId, userId)));
    if (!loan) throw notFound(loanMessages.notFound);
    if (loan.stage !== "repaid") throw conflict("not_repaid", servicingMessages.notRepaid);
    const [disbursement] = await db
      .select({ amount: disbursements.amount, disbursedOn: disbursements.disbursedOn })
      .from(disbursements)
      .where(and(eq(disbursements.loanId, id), eq(disbursements.status, "confirmed")));
    const [paid] = await db
      .select({
        total: sql<string>`coalesce(sum(${payments.amount}), 0)`,
        last: max(payments.paidOn),
      })
      .from(payments)
      .where(and(eq(payments.loanId, id), isNull(payments.reversedAt)));
    const pdf = await makeCertificatePdf({
      loanId: id,
      clientName: `${loan.firstName} ${loan.lastName}`.trim(),
      amount: Number(disbursement?.amount ?? 0),
      disbursedOn: disbursement?.disbursedOn ?? "",
      repaidOn: paid?.last ?? "",
      totalPaid: Number(paid?.total ?? 0),
      issuedAt: new Date(),
    });
    return reply
      .header("content-type", "application/pdf")
      .header("x-content-type-options", "nosniff")
      .header(
        "content-disposition",
        `attachment; filename="attestation-remboursement-${formatLoanId(id).slice(1)}.pdf"`,
      )
      .send(Buffer.from(pdf));
  });
}

/** The officers' side: the account, the contract's withdrawal, the disbursement, the payments. */
export async function adminServicingRoutes(app: FastifyInstance) {
  const { db, storage, config } = app.deps;
  app.addHook("preHandler", requireAdmin);
  app.addHook("preHandler", refuseWritesOnClosedClient);
  const loanId = (request: FastifyRequest) =>
    loanIdParam(request.params, adminLoanMessages.notFound);
  const account = (id: number) =>
    getAdminLoanAccount({
      db,
      loanId: id,
      accounts: config.paymentAccounts,
      secondOfficerAbove: config.approvalSecondOfficerAbove,
    });
  const dispatch = (request: FastifyRequest) => dispatchNotices(app, request);

  // Statements (CSV) of the operators and banks: the mapping per channel, the import, the rows.
  app.get("/admin/statement-mappings", async () => ({ mappings: await listMappings(db) }));

  app.put("/admin/statement-mappings/:channel", async (request) => {
    const { channel } = parseQuery(statementChannelParamSchema, request.params);
    const input = parseBody(statementMappingSchema, request.body);
    const mapping = await saveMapping(db, currentUser(request).id, {
      channel,
      ...input,
      phoneColumn: input.phoneColumn ?? null,
    });
    return { mapping };
  });

  app.post(
    "/admin/statement-imports",
    { bodyLimit: maxStatementBytes * 2 },
    async (request, reply) => {
      const input = parseBody(statementImportSchema, request.body);
      const { id, duplicate } = await importStatement({
        db,
        officerId: currentUser(request).id,
        ...input,
      });
      const statement = await getStatementImport(db, id);
      return reply.code(duplicate ? 200 : 201).send({ import: { ...statement, duplicate } });
    },
  );

  const importId = (request: FastifyRequest) =>
    loanIdParam(request.params, servicingMessages.importNotFound);

  app.get("/admin/statement-imports/:id", async (request) => {
    return { import: await getStatementImport(db, importId(request)) };
  });

  app.post("/admin/statement-imports/:id/confirm", async (request) => {
    const id = importId(request);
    const { rows } = parseBody(statementConfirmSchema, request.body);
    await getStatementImport(db, id);
    await confirmStatementRows({
      db,
      officerId: currentUser(request).id,
      importId: id,
      rowNumbers: rows,
      baseUrl: config.baseUrl,
    });
    dispatch(request);
    return { import: await getStatementImport(db, id) };
  });

  /** What every officer's step on a request names: the request, the officer, the links' origin. */
  const step = (request: FastifyRequest) => ({
    db,
    loanId: loanId(request),
    officerId: currentUser(request).id,
    baseUrl: config.baseUrl,
  });

  app.get("/admin/loans/:id/servicing", async (request) => {
    return { account: await account(loanId(request)) };
  });

  app.post("/admin/loans/:id/contract/withdraw", async (request) => {
    const id = loanId(request);
    const { reason } = parseBody(contractWithdrawSchema, request.body);
    await withdrawContract({ db, loanId: id, officerId: currentUser(request).id, reason });
    return { account: await account(id) };
  });

  app.post("/admin/loans/:id/contract/prepare", async (request) => {
    const id = loanId(request);
    await prepareContract({ ...step(request), storage, validityDays: config.contractValidityDays });
    dispatch(request);
    return { account: await account(id) };
  });

  app.post("/admin/loans/:id/disbursement", async (request, reply) => {
    const id = loanId(request);
    const input = parseBody(disbursementSchema, request.body);
    await recordDisbursement({
      ...step(request),
      input,
      secondOfficerAbove: config.approvalSecondOfficerAbove,
    });
    dispatch(request);
    return reply.code(201).send({ account: await account(id) });
  });

  app.post("/admin/loans/:id/disbursement/confirm", async (request) => {
    const id = loanId(request);
    const { disbursementId } = parseBody(disbursementConfirmSchema, request.body);
    await confirmDisbursement({ ...step(request), disbursementId });
    dispatch(request);
    return { account: await account(id) };
  });

  app.post("/admin/loans/:id/payments", async (request, reply) => {
    const id = loanId(request);
    const input = parseBody(paymentSchema, request.body);
    await recordPayment({ ...step(request), input });
    dispatch(request);
    return reply.code(201).send({ account: await account(id) });
  });

  app.post("/admin/loans/:id/payments/:paymentId/reversal", async (request) => {
    const id = loanId(request);
    const { paymentId } = request.params as { paymentId?: unknown };
    const payment = loanIdParam({ id: paymentId }, servicingMessages.paymentNotFound);
    const { reason } = parseBody(paymentReversalSchema, request.body);
    await reversePayment({ ...step(request), paymentId: payment, reason });
    return { account: await account(id) };
  });
}
