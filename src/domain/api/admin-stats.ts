import type { LoanStatus } from "../loan-status";
import type { AdminClientSummaryJson } from "./admin-clients";
import type { AdminLoanSummaryJson } from "./admin-loans";

// The officers' dashboard (/admin) and its charts (issue 7). The routes:
//   GET /api/admin/stats?agence=          -> AdminStatsJson
//   GET /api/admin/stats/monthly?agence=  -> AdminMonthlyStatsJson (only the dashboard's charts ask)
// `agence` (an office id, issue 8) reads the figures of one office; absent, of the whole firm
// (admin-stats.schema.ts checks it).

/** The window of the median decision time. */
export const decisionWindowDays = 30;

export const dashboardLatestSize = 5;
export const monthlySeriesLength = 12;

export type AdminStatsJson = {
  cards: {
    totalLoans: number;
    /** Client accounts; read for one office, the clients with at least one request there. */
    clients: number;
    pendingLoans: number;
    /**
     * Requests granted: status approved, and completed too (a fully repaid loan was granted
     * first; leaving it out would make the figure shrink as clients repay).
     */
    approvedLoans: number;
    /** Whole FCFA: the approved amount of those requests, or the requested one where none. */
    approvedAmount: number;
    /** Undecided requests older than the 48 h promise (what /admin/prets?retard=1 lists). */
    overdueLoans: number;
    /**
     * Median hours from submission to decision (approved or rejected) over the requests decided
     * in the last 30 days; null when none was.
     */
    medianDecisionHours: number | null;
  };
  /** Newest first. */
  latestLoans: AdminLoanSummaryJson[];
  /** Newest first. */
  latestClients: AdminClientSummaryJson[];
};

export type AdminMonthJson = {
  /** "2026-11", a month of Africa/Abidjan (UTC). */
  month: string;
  /** Requests created that month, by their status today; zeros included. */
  loansByStatus: Record<LoanStatus, number>;
  /** Whole FCFA approved that month (the month of the change to approved). */
  approvedAmount: number;
};

export type AdminMonthlyStatsJson = {
  /** The 12 months ending with the current one, oldest first, months without activity included. */
  months: AdminMonthJson[];
};

export const adminStatsMessages = {
  loadFailed: "Erreur lors du chargement des statistiques",
  chartsFailed: "Impossible de charger les graphiques",
} as const;

/** The `count` months ending with the one `now` falls in, oldest first: ["2025-12", …, "2026-11"]. */
export function monthKeys(now: Date, count = monthlySeriesLength): string[] {
  // Africa/Abidjan is UTC+0 all year: the firm's months are UTC months.
  const year = now.getUTCFullYear();
  const month = now.getUTCMonth();
  return Array.from({ length: count }, (_, index) => {
    const date = new Date(Date.UTC(year, month - (count - 1 - index), 1));
    return `${date.getUTCFullYear()}-${String(date.getUTCMonth() + 1).padStart(2, "0")}`;
  });
}
