import type { FastifyInstance, FastifyRequest } from "fastify";
import { clientLoanPageSize, loanMessages } from "../../../domain/api/loans";
import { pageQuerySchema } from "../../../domain/api/page";
import { loanNoteSchema, loanRequestCreateSchema } from "../../../domain/schemas/loan-request";
import { currentUser, requireUser } from "../../auth";
import { parseBody, parseQuery } from "../../http/app-error";
import { loanIdParam } from "./loan-id";
import { addClientNote, createLoanRequest, getClientLoan, listClientLoans } from "./loans.service";

const listQuerySchema = pageQuerySchema(clientLoanPageSize);

function loanId(request: FastifyRequest): number {
  return loanIdParam(request.params, loanMessages.notFound);
}

/** The client's loan requests: create (with the three documents), list, read, add a note. */
export async function loanRoutes(app: FastifyInstance) {
  const { db } = app.deps;

  app.post("/loans", { preHandler: requireUser }, async (request, reply) => {
    const input = parseBody(loanRequestCreateSchema, request.body);
    const userId = currentUser(request).id;
    const { loanId: id, created } = await createLoanRequest({ db, userId, input });
    const loan = await getClientLoan({ db, userId, id });
    return reply.code(created ? 201 : 200).send({ loan });
  });

  app.get("/loans", { preHandler: requireUser }, async (request) => {
    const query = parseQuery(listQuerySchema, request.query);
    return listClientLoans({ db, userId: currentUser(request).id, ...query });
  });

  app.get("/loans/:id", { preHandler: requireUser }, async (request) => {
    return {
      loan: await getClientLoan({ db, userId: currentUser(request).id, id: loanId(request) }),
    };
  });

  app.post("/loans/:id/notes", { preHandler: requireUser }, async (request, reply) => {
    const id = loanId(request);
    const { note } = parseBody(loanNoteSchema, request.body);
    const activity = await addClientNote({ db, userId: currentUser(request).id, loanId: id, note });
    return reply.code(201).send({ activity });
  });
}
