import type { FastifyBaseLogger } from "fastify";
import { data } from "react-router";
import { adminClientListQuerySchema } from "../../domain/api/admin-clients.schema";
import { adminLoanMessages } from "../../domain/api/admin-loans";
import { adminLoanListQuerySchema } from "../../domain/api/admin-loans.schema";
import { adminStatsQuerySchema } from "../../domain/api/admin-stats.schema";
import { documentPageSize } from "../../domain/api/documents";
import { loanMessages } from "../../domain/api/loans";
import { clientLoanListQuerySchema } from "../../domain/api/loans.schema";
import { pageQuerySchema } from "../../domain/api/page.schema";
import { securityEventListQuerySchema } from "../../domain/api/security-events.schema";
import { servicingMessages } from "../../domain/api/servicing";
import type { PageReader, PageReadRefusal } from "../../domain/page-reader";
import { listAccountSessions } from "../auth/account-sessions.routes";
import { assertClient, assertOfficer, type CurrentSession } from "../auth/session";
import type { AppDeps } from "../deps";
import { AppError, parseQuery, unauthenticated } from "../http/app-error";
import { databaseUnavailable, isDatabaseUnavailable } from "../http/database-unavailable";
import { clientIdParam } from "../modules/admin-clients/admin-clients.routes";
import { getClientDetail, listClients } from "../modules/admin-clients/admin-clients.service";
import { getAdminLoan } from "../modules/admin-loans/admin-loans.detail";
import { listAdminLoans } from "../modules/admin-loans/admin-loans.list";
import { adminSettingsOf } from "../modules/admin-settings/admin-settings.routes";
import { getDashboardStats, getMonthlyStats } from "../modules/admin-stats/admin-stats.service";
import { contactListQuerySchema } from "../modules/contact/contact.routes";
import {
  countUnreadContactMessages,
  listContactMessages,
} from "../modules/contact/contact.service";
import { latestExport } from "../modules/data-rights/data-export.service";
import { listOwnDocuments } from "../modules/documents/documents.service";
import { loanIdParam } from "../modules/loans/loan-id";
import { getClientLoan, listClientLoans } from "../modules/loans/loans.service";
import { getNotificationChoices } from "../modules/notifications/notifications.service";
import { listSecurityEvents } from "../modules/security-journal/security-journal.service";
import { getAdminLoanAccount, getClientLoanAccount } from "../modules/servicing/loan-account";
import { getPortfolioStats } from "../modules/servicing/portfolio.service";
import { getStatementImport, listMappings } from "../modules/servicing/statement-import.service";
import { listAdministrators } from "../modules/staff/staff.routes";

const documentsQuerySchema = pageQuerySchema(documentPageSize);

/**
 * The pages' reader for one request (domain/page-reader.ts): each read is the API's GET of the
 * same name, through the same services, guards and query schemas, as the signed-in user of
 * `session`. A refusal is the API's AppError (401, 403, 404, 400), which web-app.ts answers as
 * the API would, or as the page's error.
 */
export function createPageReader(
  deps: AppDeps,
  session: CurrentSession | null,
  log: FastifyBaseLogger,
): PageReader {
  const { db, config } = deps;
  const user = session?.user ?? null;
  const client = () => assertClient(user);
  const officer = () => assertOfficer(user);
  const signedIn = () => {
    if (!session) throw unauthenticated();
    return session;
  };

  return answeredAsTheApi(log, {
    async me() {
      return signedIn().user;
    },
    async notificationChoices() {
      return getNotificationChoices({ db, userId: client().id });
    },
    async accountSessions() {
      const { user: me, sessionId } = signedIn();
      return listAccountSessions({ db, userId: me.id, sessionId });
    },
    async latestDataExport() {
      return latestExport({ db, userId: client().id });
    },
    async clientLoans(query) {
      const userId = client().id;
      return listClientLoans({ db, userId, ...parseQuery(clientLoanListQuerySchema, query) });
    },
    async clientLoan(id) {
      const userId = client().id;
      return getClientLoan({ db, userId, id: loanIdParam({ id }, loanMessages.notFound) });
    },
    async documents(query) {
      const userId = client().id;
      return listOwnDocuments({ db, userId, ...parseQuery(documentsQuerySchema, query) });
    },
    async adminLoans(query) {
      officer();
      const { page, pageSize, ...filter } = parseQuery(adminLoanListQuerySchema, query);
      return listAdminLoans({ db, filter, page, pageSize });
    },
    async adminLoan(id) {
      officer();
      return getAdminLoan({ db, id: loanIdParam({ id }, adminLoanMessages.notFound) });
    },
    async adminSettings() {
      officer();
      return adminSettingsOf(config);
    },
    async administrators() {
      officer();
      return listAdministrators(db);
    },
    async adminClients(query) {
      officer();
      return listClients({ db, ...parseQuery(adminClientListQuerySchema, query) });
    },
    async adminClient(id) {
      officer();
      return getClientDetail({ db, id: clientIdParam({ id }) });
    },
    async adminStats(query) {
      officer();
      return getDashboardStats({ db, office: parseQuery(adminStatsQuerySchema, query).agence });
    },
    async adminMonthlyStats(query) {
      officer();
      return getMonthlyStats({ db, office: parseQuery(adminStatsQuerySchema, query).agence });
    },
    async contactMessages(query) {
      officer();
      return listContactMessages({ db, ...parseQuery(contactListQuerySchema, query) });
    },
    async unreadMessageCount() {
      officer();
      return countUnreadContactMessages({ db });
    },
    async securityEvents(query) {
      officer();
      const { page, pageSize, ...filter } = parseQuery(securityEventListQuerySchema, query);
      return listSecurityEvents({ db, filter, page, pageSize });
    },
    async clientLoanAccount(id) {
      const userId = client().id;
      return getClientLoanAccount({
        db,
        userId,
        loanId: loanIdParam({ id }, loanMessages.notFound),
        accounts: config.paymentAccounts,
      });
    },
    async adminLoanAccount(id) {
      officer();
      return getAdminLoanAccount({
        db,
        loanId: loanIdParam({ id }, adminLoanMessages.notFound),
        accounts: config.paymentAccounts,
        secondOfficerAbove: config.approvalSecondOfficerAbove,
      });
    },
    async adminPortfolio() {
      officer();
      return getPortfolioStats({ db });
    },
    async statementMappings() {
      officer();
      return listMappings(db);
    },
    async statementImport(id) {
      officer();
      return getStatementImport(db, loanIdParam({ id }, servicingMessages.importNotFound));
    },
  });
}

/**
 * A read the API would refuse is refused to the page with the same status and French message
 * (React Router's error response: the page's error boundary shows it, a 404 as 'Page non
 * trouvée'); the database out of reach is the API's 503. Anything else is logged as the API's
 * error handler does, and fails the page.
 */
function answeredAsTheApi(log: FastifyBaseLogger, reader: PageReader): PageReader {
  const guarded = {} as Record<string, unknown>;
  for (const [name, read] of Object.entries(reader) as Array<
    [string, (...args: unknown[]) => Promise<unknown>]
  >) {
    guarded[name] = async (...args: unknown[]) => {
      try {
        return await read(...args);
      } catch (error) {
        const refusal =
          error instanceof AppError
            ? error
            : isDatabaseUnavailable(error)
              ? databaseUnavailable()
              : undefined;
        if (!refusal) {
          log.error(
            { err: error, read: name },
            "erreur inattendue en lisant les données d'une page",
          );
          throw error;
        }
        const body: PageReadRefusal = {
          status: refusal.statusCode,
          code: refusal.code,
          message: refusal.message,
        };
        throw data(body, { status: refusal.statusCode });
      }
    };
  }
  return guarded as unknown as PageReader;
}
