import { Readable } from "node:stream";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { adminLoanMessages } from "../../../domain/api/admin-loans";
import {
  adminLoanFilterSchema,
  adminLoanListQuerySchema,
  loanAssignSchema,
  loanStatusChangeSchema,
} from "../../../domain/api/admin-loans.schema";
import { documentReviewSchema, infoRequestSchema } from "../../../domain/api/dossier.schema";
import { loanNoteSchema } from "../../../domain/schemas/loan-request.schema";
import { currentUser, requireAdmin, requireAdminReading } from "../../auth";
import { parseBody, parseQuery } from "../../http/app-error";
import { dispatchOutbox } from "../../mail/outbox";
import { refuseWritesOnClosedClient } from "../data-rights/closed-client-guard";
import { loanIdParam } from "../loans/loan-id";
import { prepareContract } from "../servicing/contract.service";
import { adminLoanCsv, exportFileName } from "./admin-loans.csv";
import { getAdminLoan } from "./admin-loans.detail";
import { adminLoanListRead, listAdminLoans } from "./admin-loans.list";
import { addAdminNote } from "./admin-notes.service";
import { assignLoan } from "./assignment.service";
import { documentIdParam, reviewDocument } from "./document-review.service";
import { requestInformation } from "./info-request.service";
import { changeLoanStatus } from "./status-change.service";

const loanId = (request: FastifyRequest) => loanIdParam(request.params, adminLoanMessages.notFound);

/**
 * After an approval's commit (issue 28): the contract of an approved request without a live one.
 * Its own transaction: a failure leaves the approval, and the officer's 'Préparer le contrat'.
 */
export async function prepareContractIfApproved(
  app: FastifyInstance,
  request: FastifyRequest,
  id: number,
): Promise<void> {
  const { db, storage, config } = app.deps;
  try {
    await prepareContract({
      db,
      storage,
      loanId: id,
      officerId: currentUser(request).id,
      validityDays: config.contractValidityDays,
      baseUrl: config.baseUrl,
      ifNeeded: true,
    });
  } catch (error) {
    request.log.error({ err: error, loanId: id }, "préparation du contrat en échec");
  }
}

/**
 * The officers' list (GET /api/admin/loans), the screen officers work from: its statement runs in
 * the session lookup's own statement (requireAdminReading), one round trip to the database per
 * request instead of two. Guarded in its handler, hence a plugin apart from adminLoanRoutes.
 */
export async function adminLoanListRoutes(app: FastifyInstance) {
  const { db } = app.deps;
  app.get("/admin/loans", async (request, reply) => {
    let query: ReturnType<typeof parseListQuery>;
    try {
      query = parseListQuery(request);
    } catch (error) {
      // Who may not see the list is told so first, whatever the query, as with requireAdmin.
      await requireAdmin(request, reply);
      throw error;
    }
    const { page, pageSize, ...filter } = query;
    const read = adminLoanListRead({ filter, page, pageSize });
    return (
      (await requireAdminReading(request, reply, read)) ??
      listAdminLoans({ db, filter, page, pageSize })
    );
  });
}

const parseListQuery = (request: FastifyRequest) =>
  parseQuery(adminLoanListQuerySchema, request.query);

/** The loan officers' review of the requests (/api/admin/loans, see domain/api/admin-loans.ts). */
export async function adminLoanRoutes(app: FastifyInstance) {
  const { db, mailer, background, config, sms } = app.deps;
  // Every route of this plugin is the officers' alone.
  app.addHook("preHandler", requireAdmin);
  app.addHook("preHandler", refuseWritesOnClosedClient);

  app.get("/admin/loans/export.csv", async (request, reply) => {
    const filter = parseQuery(adminLoanFilterSchema, request.query);
    const csv = adminLoanCsv({ db, filter });
    // The headers and the first batch are read before anything is sent: a query the database
    // refuses is then an ordinary error answer, not a download cut after its headers.
    const first = [await csv.next(), await csv.next()];
    async function* rest(): AsyncGenerator<string> {
      for (const chunk of first) if (!chunk.done) yield chunk.value;
      yield* csv;
    }
    const body = Readable.from(rest(), { objectMode: false });
    // Once the first bytes are out, a database failure can only cut the download short: logged,
    // the connection closed (the browser reports a failed download), the process unharmed.
    body.on("error", (error) => request.log.error({ err: error }, "export CSV interrompu"));
    return reply
      .header("content-type", "text/csv; charset=utf-8")
      .header("content-disposition", `attachment; filename="${exportFileName()}"`)
      .send(body);
  });

  app.get("/admin/loans/:id", async (request) => {
    return { loan: await getAdminLoan({ db, id: loanId(request) }) };
  });

  app.post("/admin/loans/:id/status", async (request) => {
    const id = loanId(request);
    const change = parseBody(loanStatusChangeSchema, request.body);
    await changeLoanStatus({
      db,
      officerId: currentUser(request).id,
      loanId: id,
      change,
      baseUrl: config.baseUrl,
      approvalSecondOfficerAbove: config.approvalSecondOfficerAbove,
      loanDefaults: { rate: config.loanDefaultRate, feesPercent: config.loanFeesPercent },
    });
    // Approved (not a four-eyes proposal): the contract is prepared and the client told.
    if (change.to === "approved") await prepareContractIfApproved(app, request, id);
    // The client's e-mail is committed in the outbox: try it now; the periodic dispatcher
    // retries it if the mail server does not take it.
    background.run("courriels en attente", () =>
      dispatchOutbox({ db, mailer, logger: request.log }),
    );
    sms.kick();
    return { loan: await getAdminLoan({ db, id }) };
  });

  app.put("/admin/loans/:id/documents/:documentId/review", async (request) => {
    const id = loanId(request);
    const documentId = documentIdParam(request.params);
    const review = parseBody(documentReviewSchema, request.body);
    await reviewDocument({
      db,
      officerId: currentUser(request).id,
      loanId: id,
      documentId,
      review,
    });
    return { loan: await getAdminLoan({ db, id }) };
  });

  app.post("/admin/loans/:id/info-request", async (request) => {
    const id = loanId(request);
    const input = parseBody(infoRequestSchema, request.body);
    await requestInformation({
      db,
      officerId: currentUser(request).id,
      loanId: id,
      input,
      baseUrl: config.baseUrl,
    });
    background.run("courriels en attente", () =>
      dispatchOutbox({ db, mailer, logger: request.log }),
    );
    sms.kick();
    return { loan: await getAdminLoan({ db, id }) };
  });

  app.put("/admin/loans/:id/assignee", async (request) => {
    const id = loanId(request);
    const { assigneeId } = parseBody(loanAssignSchema, request.body);
    await assignLoan({ db, officerId: currentUser(request).id, loanId: id, assigneeId });
    return { loan: await getAdminLoan({ db, id }) };
  });

  app.post("/admin/loans/:id/notes", async (request, reply) => {
    const id = loanId(request);
    const { note } = parseBody(loanNoteSchema, request.body);
    const created = await addAdminNote({
      db,
      officerId: currentUser(request).id,
      loanId: id,
      note,
    });
    return reply.code(201).send({ note: created });
  });
}
