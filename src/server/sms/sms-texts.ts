import { firm } from "../../domain/firm";
import { formatFcfa } from "../../domain/format-fcfa";
import { formatLoanId } from "../../domain/format-loan-id";
import { toGsm7 } from "./gsm7";

// The SMS a client receives about a request. An SMS shows on a locked phone that others may see:
// it names the firm and the request's number, never the client, the kind of loan, a document or
// a rejection's reason; the approved amount alone is given, because that is the news the client
// waits for (docs/decisions/2026-11-25-sms.md). Every text fits one GSM-7 SMS with a public
// address of up to about 50 characters, and ends with the link to the request's page.

export type SmsKind =
  | "received"
  | "in_review"
  | "info_requested"
  | "approved"
  | "rejected"
  | "complement_reminder";

export const smsKinds: readonly SmsKind[] = [
  "received",
  "in_review",
  "info_requested",
  "approved",
  "rejected",
  "complement_reminder",
];

export type SmsTextInput = {
  kind: SmsKind;
  loanId: number;
  /** Whole FCFA; for "approved". */
  approvedAmount?: number | null;
  /** PUBLIC_URL (or the local address). */
  baseUrl: string;
};

/** The short link of the request's page in the client's area. */
export function requestLink(baseUrl: string, loanId: number): string {
  return `${baseUrl}/client/prets/${loanId}`;
}

/** The text of one SMS, already in the GSM 03.38 alphabet (toGsm7). */
export function smsText(input: SmsTextInput): string {
  const from = firm.shortName;
  const number = formatLoanId(input.loanId);
  const link = requestLink(input.baseUrl, input.loanId);
  const body = (() => {
    switch (input.kind) {
      case "received":
        return `votre demande ${number} est bien enregistrée. Réponse sous 48 h.`;
      case "in_review":
        return `votre demande ${number} est en cours d'étude.`;
      case "info_requested":
        return `un complément est demandé pour votre demande ${number}. Envoyez-le ici :`;
      case "approved":
        return input.approvedAmount != null
          ? `bonne nouvelle, votre demande ${number} est approuvée pour ${formatFcfa(input.approvedAmount)}.`
          : `bonne nouvelle, votre demande ${number} est approuvée.`;
      case "rejected":
        return `votre demande ${number} n'a pas été retenue.`;
      case "complement_reminder":
        return `rappel, votre demande ${number} attend encore un complément. Envoyez-le ici :`;
    }
  })();
  return toGsm7(`${from} : ${body} ${link}`);
}
