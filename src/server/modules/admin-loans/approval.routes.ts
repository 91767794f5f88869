import type { FastifyInstance, FastifyRequest } from "fastify";
import { adminLoanMessages } from "../../../domain/api/admin-loans";
import { approvalDecisionSchema, approvalReturnSchema } from "../../../domain/api/approval.schema";
import { currentUser, requireAdmin } from "../../auth";
import { parseBody } from "../../http/app-error";
import { dispatchOutbox } from "../../mail/outbox";
import { refuseWritesOnClosedClient } from "../data-rights/closed-client-guard";
import { loanIdParam } from "../loans/loan-id";
import { getAdminLoan } from "./admin-loans.detail";
import { prepareContractIfApproved } from "./admin-loans.routes";
import { confirmApproval, returnApproval } from "./approval.service";

const loanId = (request: FastifyRequest) => loanIdParam(request.params, adminLoanMessages.notFound);

/**
 * The second officer's decision on a four-eyes approval (domain/api/approval.ts): confirm it or
 * send it back. Both answer the request as it now is.
 */
export async function approvalRoutes(app: FastifyInstance) {
  const { db, mailer, background, config, sms } = app.deps;
  app.addHook("preHandler", requireAdmin);
  app.addHook("preHandler", refuseWritesOnClosedClient);

  app.post("/admin/loans/:id/approval/confirm", async (request) => {
    const id = loanId(request);
    const { proposalId } = parseBody(approvalDecisionSchema, request.body);
    await confirmApproval({
      db,
      officerId: currentUser(request).id,
      loanId: id,
      proposalId,
      baseUrl: config.baseUrl,
    });
    await prepareContractIfApproved(app, request, id);
    // The client's approval e-mail is committed in the outbox: sent now, retried if need be.
    background.run("courriels en attente", () =>
      dispatchOutbox({ db, mailer, logger: request.log }),
    );
    sms.kick();
    return { loan: await getAdminLoan({ db, id }) };
  });

  app.post("/admin/loans/:id/approval/return", async (request) => {
    const id = loanId(request);
    const { proposalId, comment } = parseBody(approvalReturnSchema, request.body);
    await returnApproval({
      db,
      officerId: currentUser(request).id,
      loanId: id,
      proposalId,
      comment,
    });
    return { loan: await getAdminLoan({ db, id }) };
  });
}
