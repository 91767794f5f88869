import type { FastifyInstance } from "fastify";
import type { AdminSettingsJson } from "../../../domain/api/approval";
import { requireAdmin } from "../../auth";

/** The platform's settings an officer's screens need (GET /api/admin/settings), read-only. */
export async function adminSettingsRoutes(app: FastifyInstance) {
  const { config } = app.deps;
  app.addHook("preHandler", requireAdmin);

  app.get("/admin/settings", async (): Promise<AdminSettingsJson> => {
    return { approvalSecondOfficerAbove: config.approvalSecondOfficerAbove };
  });
}
