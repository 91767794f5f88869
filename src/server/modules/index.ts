import type { FastifyInstance } from "fastify";
import { mailOutboxModule } from "../mail/outbox";
import { smsModule } from "../sms/sms-module";
import { adminClientRoutes } from "./admin-clients/admin-clients.routes";
import { adminLoanListRoutes, adminLoanRoutes } from "./admin-loans/admin-loans.routes";
import { approvalRoutes } from "./admin-loans/approval.routes";
import { adminSettingsRoutes } from "./admin-settings/admin-settings.routes";
import { adminStatsRoutes } from "./admin-stats/admin-stats.routes";
import { contactRoutes } from "./contact/contact.routes";
import { dataRightsRoutes } from "./data-rights/data-rights.routes";
import { documentRoutes } from "./documents/documents.routes";
import { loanRoutes } from "./loans/loans.routes";
import { notificationRoutes } from "./notifications/notifications.routes";
import { securityJournalRoutes } from "./security-journal/security-journal.routes";
import { seoRoutes } from "./seo/seo.routes";
import { adminServicingRoutes, clientServicingRoutes } from "./servicing/servicing.routes";
import { staffRoutes } from "./staff/staff.routes";
import { uploadRoutes } from "./uploads/uploads.routes";

type RouteModule = (app: FastifyInstance) => Promise<void>;

/**
 * Every feature module of the API, registered under /api. A module is a Fastify plugin
 * `async function xxxRoutes(app: FastifyInstance)` that reads its dependencies from `app.deps`
 * (config, db, mailer, background...), guards its routes with requireUser / requireAdmin from
 * ../auth and throws AppError (../http/app-error). Add one line here per module.
 */
export const apiModules: RouteModule[] = [
  staffRoutes,
  contactRoutes,
  uploadRoutes,
  documentRoutes,
  loanRoutes,
  adminLoanListRoutes,
  adminLoanRoutes,
  approvalRoutes,
  adminSettingsRoutes,
  mailOutboxModule,
  smsModule,
  adminClientRoutes,
  adminStatsRoutes,
  securityJournalRoutes,
  notificationRoutes,
  dataRightsRoutes,
  clientServicingRoutes,
  adminServicingRoutes,
];

/** Modules served at the site's root, outside /api (robots.txt, sitemap.xml). */
export const rootModules: RouteModule[] = [seoRoutes];

export async function registerApiModules(api: FastifyInstance): Promise<void> {
  for (const module of apiModules) await api.register(module);
}

export async function registerRootModules(app: FastifyInstance): Promise<void> {
  for (const module of rootModules) await app.register(module);
}
