import type { FastifyInstance } from "fastify";
import { adminClientMessages } from "../../../domain/api/admin-clients";
import {
  adminClientListQuerySchema,
  clientIdSchema,
} from "../../../domain/api/admin-clients.schema";
import { requireAdmin } from "../../auth";
import { notFound, parseQuery } from "../../http/app-error";
import { getClientDetail, listClients } from "./admin-clients.service";

/** User ids are better-auth's random strings; anything else is a client that does not exist. */
export function clientIdParam(params: unknown): string {
  const result = clientIdSchema.safeParse(params);
  if (!result.success) throw notFound(adminClientMessages.notFound);
  return result.data.id;
}

/** The officers' view of the clients: the searchable list and one client's file. */
export async function adminClientRoutes(app: FastifyInstance) {
  const { db } = app.deps;

  app.get("/admin/clients", { preHandler: requireAdmin }, async (request) => {
    const query = parseQuery(adminClientListQuerySchema, request.query);
    return listClients({ db, ...query });
  });

  app.get("/admin/clients/:id", { preHandler: requireAdmin }, async (request) => {
    return getClientDetail({ db, id: clientIdParam(request.params) });
  });
}
