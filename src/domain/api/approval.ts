import { formatFcfa } from "../format-fcfa";
import type { PersonJson } from "./users";

// Four-eyes approval (issue 8, DESIGN.md "Reconciled rules"): above a threshold (setting
// APPROVAL_SECOND_OFFICER_ABOVE) 'Approuver' records a proposal; a second administrator
// confirms it (the request becomes approved) or sends it back with a comment. The routes:
//   POST /api/admin/loans/:id/status  { to: "approved", … } above the threshold -> a proposal
//   POST /api/admin/loans/:id/approval/confirm  ApprovalDecisionInput          -> { loan: AdminLoanJson }
//   POST /api/admin/loans/:id/approval/return   ApprovalReturnInput            -> { loan: AdminLoanJson }
//   GET  /api/admin/settings                                                   -> AdminSettingsJson
// The bodies' schemas (and their Input types) are in approval.schema.ts.

export const defaultApprovalSecondOfficerAbove = 10_000_000;

export type ApprovalProposalStatus = "pending" | "confirmed" | "returned" | "cancelled";

/** An approval waiting for (or given) a second officer's confirmation. */
export type ApprovalProposalJson = {
  id: number;
  status: ApprovalProposalStatus;
  approvedAmount: number;
  /** Percent a year. */
  interestRate: number;
  monthlyPayment: number;
  proposedBy: PersonJson;
  proposedAt: string;
  decidedBy: PersonJson | null;
  decidedAt: string | null;
  /** The comment of a proposal sent back. */
  comment: string | null;
};

export type AdminSettingsJson = {
  /** Whole FCFA: an approval (and a disbursement) above it needs a second administrator. */
  approvalSecondOfficerAbove: number;
  /** The approval dialog's defaults (issue 28): percent a year, and percent of the amount. */
  loanDefaultRate: number;
  loanFeesPercent: number;
  /** An unsigned contract expires after this many days. */
  contractValidityDays: number;
};

export const maxReturnCommentLength = 2000;

export const approvalMessages = {
  awaitingConfirmation: "Approbation à confirmer",
  proposed: "Approbation proposée : un second administrateur doit la confirmer",
  confirmed: "Approbation confirmée : le client en est informé",
  returned: "La proposition d'approbation a été renvoyée",
  ownProposal:
    "Vous ne pouvez pas confirmer votre propre proposition d'approbation : un autre administrateur doit le faire.",
  noPendingProposal: "Aucune approbation n'attend de confirmation pour cette demande",
  staleProposal:
    "Cette proposition a changé entre-temps. Rechargez la page pour voir son état actuel.",
  proposalPending:
    "Une approbation attend la confirmation d'un second administrateur : confirmez-la ou renvoyez-la d'abord.",
  needsSecondOfficer: (threshold: number) =>
    `Au-delà de ${formatFcfa(threshold)}, l'approbation doit être confirmée par un second administrateur.`,
} as const;
