import type { AccountSessionJson } from "./api/account-sessions";
import type { AdminClientDetailJson, AdminClientSummaryJson } from "./api/admin-clients";
import type { AdminLoanJson, AdminLoanSummaryJson } from "./api/admin-loans";
import type { AdminMonthlyStatsJson, AdminStatsJson } from "./api/admin-stats";
import type { AdminSettingsJson } from "./api/approval";
import type { ContactMessagePage } from "./api/contact-messages";
import type { DataExportJson } from "./api/data-rights";
import type { DocumentJson } from "./api/documents";
import type { ClientLoanJson, LoanSummaryJson } from "./api/loans";
import type { NotificationChoicesJson } from "./api/notifications";
import type { Page } from "./api/page";
import type { SecurityEventJson } from "./api/security-events";
import type {
  AdminLoanAccountJson,
  LoanAccountJson,
  PortfolioStatsJson,
  StatementImportJson,
  StatementMappingJson,
} from "./api/servicing";
import type { UserJson } from "./api/users";

/** A query string as a page's address gives it: the same keys and checks as the API's. */
export type SearchQuery = Record<string, string | string[]>;

/**
 * What the pages' loaders read, as the signed-in user of the request: each read is one GET of the
 * API (named beside it), answered by the server's own services with the same checks (who may
 * read it, the query's validation) and the same JSON, without a round trip through HTTP. The
 * server implements it (src/server/web/page-reader.ts); a read that the API would refuse is
 * refused with the same status.
 */
export interface PageReader {
  /** GET /api/me */
  me(): Promise<UserJson>;
  /** GET /api/me/notifications */
  notificationChoices(): Promise<NotificationChoicesJson>;
  /** GET /api/me/sessions */
  accountSessions(): Promise<AccountSessionJson[]>;
  /** GET /api/me/data-exports/latest */
  latestDataExport(): Promise<DataExportJson | null>;
  /** GET /api/loans */
  clientLoans(query: SearchQuery): Promise<Page<LoanSummaryJson>>;
  /** GET /api/loans/:id */
  clientLoan(id: string): Promise<ClientLoanJson>;
  /** GET /api/documents */
  documents(query: SearchQuery): Promise<Page<DocumentJson>>;
  /** GET /api/admin/loans */
  adminLoans(query: SearchQuery): Promise<Page<AdminLoanSummaryJson>>;
  /** GET /api/admin/loans/:id */
  adminLoan(id: string): Promise<AdminLoanJson>;
  /** GET /api/admin/settings */
  adminSettings(): Promise<AdminSettingsJson>;
  /** GET /api/admin/administrators */
  administrators(): Promise<UserJson[]>;
  /** GET /api/admin/clients */
  adminClients(query: SearchQuery): Promise<Page<AdminClientSummaryJson>>;
  /** GET /api/admin/clients/:id */
  adminClient(id: string): Promise<AdminClientDetailJson>;
  /** GET /api/admin/stats */
  adminStats(query: SearchQuery): Promise<AdminStatsJson>;
  /** GET /api/admin/stats/monthly */
  adminMonthlyStats(query: SearchQuery): Promise<AdminMonthlyStatsJson>;
  /** GET /api/admin/messages */
  contactMessages(query: SearchQuery): Promise<ContactMessagePage>;
  /** GET /api/admin/messages/unread-count */
  unreadMessageCount(): Promise<number>;
  /** GET /api/admin/security-events */
  securityEvents(query: SearchQuery): Promise<Page<SecurityEventJson>>;
  /** GET /api/loans/:id/servicing ('Mon contrat', the schedule, how to pay; issue 28) */
  clientLoanAccount(id: string): Promise<LoanAccountJson>;
  /** GET /api/admin/loans/:id/servicing */
  adminLoanAccount(id: string): Promise<AdminLoanAccountJson>;
  /** GET /api/admin/stats/portfolio */
  adminPortfolio(): Promise<PortfolioStatsJson>;
  /** GET /api/admin/statement-mappings */
  statementMappings(): Promise<StatementMappingJson[]>;
  /** GET /api/admin/statement-imports/:id */
  statementImport(id: string): Promise<StatementImportJson>;
}

/** A refusal of a read or an action, as the API would answer it. */
export type PageReadRefusal = {
  status: number;
  code: string;
  /** In French, fit to show. */
  message: string;
  /** The fields' French messages, for a refused form. */
  fields?: Record<string, string>;
};

/**
 * What a page's own form does on the server (its route's action, sent without any JavaScript by
 * the browser): each is the API's POST of the same name, with its checks and limits. Resolves
 * once done; a refusal is answered as a PageReadRefusal.
 */
export interface PageActions {
  /** POST /api/contact, from the contact page's form (fields as typed, `website` the honeypot). */
  sendContactMessage(fields: Record<string, string>): Promise<{ ok: true } | PageReadRefusal>;
}

/**
 * What the server gives each page it renders: the signed-in user (null when nobody is), their
 * reader, the actions of the pages' own forms, the CSP nonce of the page's inline scripts, and
 * the instant the page is drawn at (the relative times it shows, "il y a 3 jours", are drawn at it
 * and hydrated from it).
 */
export type PageContext = {
  user: UserJson | null;
  reader: PageReader;
  actions: PageActions;
  nonce: string;
  drawnAt: number;
};
