import type { FastifyInstance, FastifyRequest } from "fastify";
import { dossierMessages } from "../../../domain/api/dossier";
import { complementItemSchema, complementSubmitSchema } from "../../../domain/api/dossier.schema";
import { loanMessages } from "../../../domain/api/loans";
import { clientLoanListQuerySchema } from "../../../domain/api/loans.schema";
import {
  loanNoteSchema,
  loanRequestCreateSchema,
} from "../../../domain/schemas/loan-request.schema";
import { currentUser, requireClient } from "../../auth";
import { parseBody, parseQuery } from "../../http/app-error";
import { dispatchOutbox } from "../../mail/outbox";
import { attachComplement, submitComplement } from "./complement.service";
import { loanIdParam } from "./loan-id";
import { addClientNote, createLoanRequest, getClientLoan, listClientLoans } from "./loans.service";

function loanId(request: FastifyRequest): number {
  return loanIdParam(request.params, loanMessages.notFound);
}

/** `:itemId` of a request for more information; anything else is an item that does not exist. */
function infoRequestItemId(request: FastifyRequest): number {
  const { itemId } = request.params as { itemId?: unknown };
  return loanIdParam({ id: itemId }, dossierMessages.itemNotFound);
}

/** The client's loan requests: create (with the three documents), list, read, add a note. */
export async function loanRoutes(app: FastifyInstance) {
  const { db, mailer, background, config, sms } = app.deps;

  app.post("/loans", { preHandler: requireClient }, async (request, reply) => {
    const input = parseBody(loanRequestCreateSchema, request.body);
    const userId = currentUser(request).id;
    const { loanId: id, created } = await createLoanRequest({
      db,
      userId,
      input,
      baseUrl: config.baseUrl,
    });
    // The 'request received' SMS is committed in the outbox: sent now, retried if need be.
    if (created) sms.kick();
    const loan = await getClientLoan({ db, userId, id });
    return reply.code(created ? 201 : 200).send({ loan });
  });

  app.get("/loans", { preHandler: requireClient }, async (request) => {
    const query = parseQuery(clientLoanListQuerySchema, request.query);
    return listClientLoans({ db, userId: currentUser(request).id, ...query });
  });

  app.get("/loans/:id", { preHandler: requireClient }, async (request) => {
    return {
      loan: await getClientLoan({ db, userId: currentUser(request).id, id: loanId(request) }),
    };
  });

  app.post("/loans/:id/notes", { preHandler: requireClient }, async (request, reply) => {
    const id = loanId(request);
    const { note } = parseBody(loanNoteSchema, request.body);
    const activity = await addClientNote({ db, userId: currentUser(request).id, loanId: id, note });
    return reply.code(201).send({ activity });
  });

  // A request for more information (issue 8): attach a document to one thing asked, then send.
  app.put(
    "/loans/:id/info-request/items/:itemId",
    { preHandler: requireClient },
    async (request) => {
      const id = loanId(request);
      const itemId = infoRequestItemId(request);
      const input = parseBody(complementItemSchema, request.body);
      const userId = currentUser(request).id;
      await attachComplement({ db, userId, loanId: id, itemId, input });
      return { loan: await getClientLoan({ db, userId, id }) };
    },
  );

  app.post("/loans/:id/info-request/submit", { preHandler: requireClient }, async (request) => {
    const id = loanId(request);
    const { answer } = parseBody(complementSubmitSchema, request.body);
    const userId = currentUser(request).id;
    await submitComplement({ db, userId, loanId: id, answer, baseUrl: config.baseUrl });
    // The officer's e-mail is committed in the outbox: try it now; the periodic dispatcher
    // retries it if the mail server does not take it.
    background.run("courriels en attente", () =>
      dispatchOutbox({ db, mailer, logger: request.log }),
    );
    return { loan: await getClientLoan({ db, userId, id }) };
  });
}
