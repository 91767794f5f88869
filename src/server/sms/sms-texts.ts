import { firm } from "../../domain/firm";
import { formatFcfa } from "../../domain/format-fcfa";
import { formatLoanId } from "../../domain/format-loan-id";
import { toGsm7 } from "./gsm7";

// The SMS a client receives about a request. An SMS shows on a locked phone that others may see:
// it names the firm and the request's number, never the client, the kind of loan, a document or
// a rejection's reason; the approved amount alone is given, because that is the news the client
// waits for (docs/decisions/2026-11-25-sms.md). Every text fits one GSM-7 SMS with a public
// address of up to about 50 characters, and ends with the link to the request's page. After the
// decision (issue 28) they say "crédit", not "prêt": GSM-7 has no "ê" (it would read "pret").

export type SmsKind =
  | "received"
  | "in_review"
  | "info_requested"
  | "approved"
  | "rejected"
  | "complement_reminder"
  | "contract_ready"
  | "signature_code"
  | "disbursed"
  | "payment_due_soon"
  | "payment_late"
  | "repaid";

export const smsKinds: readonly SmsKind[] = [
  "received",
  "in_review",
  "info_requested",
  "approved",
  "rejected",
  "complement_reminder",
  "contract_ready",
  "signature_code",
  "disbursed",
  "payment_due_soon",
  "payment_late",
  "repaid",
];

export type SmsTextInput = {
  kind: SmsKind;
  loanId: number;
  /** Whole FCFA; for "approved". */
  approvedAmount?: number | null;
  /** Whole FCFA: the disbursed amount, the instalment due (issue 28). */
  amount?: number | null;
  /** "2026-12-05": the instalment's due date. */
  dueDate?: string | null;
  /** The contract's one-time signature code. */
  code?: string | null;
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
      case "contract_ready":
        return `votre contrat de crédit ${number} est disponible. Lisez-le et signez-le ici :`;
      case "signature_code":
        return `code de signature du contrat ${number} : ${input.code ?? ""}. Valable 10 min. Ne le donnez à personne.`;
      case "disbursed":
        return `les fonds de votre crédit ${number} ont été versés${input.amount != null ? ` (${formatFcfa(input.amount)})` : ""}. Échéancier :`;
      case "payment_due_soon":
        return `rappel, échéance de ${formatFcfa(input.amount ?? 0)} le ${shortDate(input.dueDate)} (crédit ${number}). Détails :`;
      case "payment_late":
        return `votre échéance du ${shortDate(input.dueDate)} (crédit ${number}) est impayée. Réglez-la ici :`;
      case "repaid":
        return `votre crédit ${number} est soldé. Merci ! Attestation :`;
    }
  })();
  // The code's SMS is read and typed at once: no link to open (it would not help).
  if (input.kind === "signature_code") return toGsm7(`${from} : ${body}`);
  return toGsm7(`${from} : ${body} ${link}`);
}

/** "2026-12-05" -> "05/12": short enough for one SMS. */
function shortDate(isoDate: string | null | undefined): string {
  if (!isoDate) return "";
  return `${isoDate.slice(8, 10)}/${isoDate.slice(5, 7)}`;
}
