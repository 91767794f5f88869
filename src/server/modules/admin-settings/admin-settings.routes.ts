import type { FastifyInstance } from "fastify";
import type { AdminSettingsJson } from "../../../domain/api/approval";
import { requireAdmin } from "../../auth";
import type { Config } from "../../config";

/** The settings the officers' screens read (the route's answer and the pages' reader). */
export function adminSettingsOf(config: Config): AdminSettingsJson {
  return {
    approvalSecondOfficerAbove: config.approvalSecondOfficerAbove,
    loanDefaultRate: config.loanDefaultRate,
    loanFeesPercent: config.loanFeesPercent,
    contractValidityDays: config.contractValidityDays,
  };
}

/** The platform's settings an officer's screens need (GET /api/admin/settings), read-only. */
export async function adminSettingsRoutes(app: FastifyInstance) {
  const { config } = app.deps;
  app.addHook("preHandler", requireAdmin);

  app.get("/admin/settings", async (): Promise<AdminSettingsJson> => adminSettingsOf(config));
}
