import type { FastifyInstance } from "fastify";
import { requireAdmin } from "../../auth";
import { getDashboardStats, getMonthlyStats } from "./admin-stats.service";

/** The officers' dashboard: its figures, and the monthly series its charts draw. */
export async function adminStatsRoutes(app: FastifyInstance) {
  const { db } = app.deps;

  app.get("/admin/stats", { preHandler: requireAdmin }, async () => getDashboardStats({ db }));

  app.get("/admin/stats/monthly", { preHandler: requireAdmin }, async () =>
    getMonthlyStats({ db }),
  );
}
