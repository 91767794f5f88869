import { isLoanStatus, loanStatusLabels } from "../loan-status";

// The notices a client was sent about a request (issue 18), as the officers' history shows them:
// the channel, what the notice announced, and where it stands (sent, delivered...).

export type NoticeChannel = "email" | "sms";

/** An SMS's delivery as its receipt tells: delivered, not delivered, or no receipt yet. */
export type NoticeDelivery = "delivered" | "not_delivered" | null;

export type LoanNoticeJson = {
  /** "sms-12", "email-7": unique across both channels. */
  id: string;
  channel: NoticeChannel;
  /** A loan status ("approved"...), "received" or "complement_reminder". */
  kind: string;
  createdAt: string;
  sentAt: string | null;
  /** Set aside after the last attempt. */
  failedAt: string | null;
  delivery: NoticeDelivery;
  /** The receipt's time (SMS). */
  deliveredAt: string | null;
  /** The receipt's state as the SMS centre wrote it ("DELIVRD", "UNDELIV"...). */
  deliveryState: string | null;
};

const kindLabels: Record<string, string> = {
  received: "Demande reçue",
  complement_reminder: "Rappel : complément attendu",
  // After the decision (issue 28).
  contract_ready: "Contrat prêt à signer",
  signature_code: "Code de signature",
  disbursed: "Fonds versés",
  payment_due_soon: "Rappel : échéance dans 3 jours",
  payment_late: "Échéance impayée",
  repaid: "Prêt soldé",
  // The e-mails' topics after the decision (their SMS use the names above).
  contract_signed: "Contrat signé",
  loan_disbursed: "Fonds versés",
  loan_repaid: "Prêt soldé",
  repayment_due_soon: "Rappel : échéance dans 3 jours",
  repayment_late: "Échéance impayée",
};

/** "Approuvé", "Demande reçue", "Rappel : complément attendu". */
export function noticeKindLabel(kind: string): string {
  if (isLoanStatus(kind)) return loanStatusLabels[kind];
  return kindLabels[kind] ?? kind;
}

export const noticeChannelLabels: Record<NoticeChannel, string> = {
  email: "E-mail",
  sms: "SMS",
};
