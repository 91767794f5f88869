import type { FastifyInstance } from "fastify";
import { adminLoanListQuerySchema } from "../../../domain/api/admin-loans";
import { requireAdmin } from "../../auth";
import { parseQuery } from "../../http/app-error";
import { listAdminLoans } from "./admin-loans.service";

/** The loan officers' review of the requests (/api/admin/loans, see domain/api/admin-loans.ts). */
export async function adminLoanRoutes(app: FastifyInstance) {
  const { db } = app.deps;
  app.addHook("preHandler", requireAdmin);

  app.get("/admin/loans", async (request) => {
    const { page, pageSize, ...filter } = parseQuery(adminLoanListQuerySchema, request.query);
    return listAdminLoans({ db, filter, page, pageSize });
  });
}
