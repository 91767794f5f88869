import type { FastifyInstance } from "fastify";
import { adminStatsQuerySchema } from "../../../domain/api/admin-stats.schema";
import { requireAdmin } from "../../auth";
import { parseQuery } from "../../http/app-error";
import { getPortfolioStats } from "../servicing/portfolio.service";
import { getDashboardStats, getMonthlyStats } from "./admin-stats.service";

/** The officers' dashboard: its figures, and the monthly series its charts draw (per office). */
export async function adminStatsRoutes(app: FastifyInstance) {
  const { db } = app.deps;

  app.get("/admin/stats", { preHandler: requireAdmin }, async (request) => {
    const { agence } = parseQuery(adminStatsQuerySchema, request.query);
    return getDashboardStats({ db, office: agence });
  });

  app.get("/admin/stats/monthly", { preHandler: requireAdmin }, async (request) => {
    const { agence } = parseQuery(adminStatsQuerySchema, request.query);
    return getMonthlyStats({ db, office: agence });
  });

  // The portfolio's figures (issue 28), for the firm and each office at once.
  app.get("/admin/stats/portfolio", { preHandler: requireAdmin }, async () => {
    return getPortfolioStats({ db });
  });
}
