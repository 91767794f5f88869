import { type DocumentCategory, documentCategoryLabels } from "../../../domain/document-category";
import { type ReplacementReason, replacementReasonLabels } from "../../../domain/document-review";
import { formatFcfa } from "../../../domain/format-fcfa";
import { formatLoanId } from "../../../domain/format-loan-id";
import { formatRate } from "../../../domain/format-rate";
import type { LoanStatus } from "../../../domain/loan-status";
import { type LoanType, loanTypeLabels } from "../../../domain/loan-type";
import { greeting, type MailContent, renderMail } from "../../mail/templates";

export type LoanStatusMailInput = {
  loanId: number;
  loanType: LoanType;
  firstName: string | null;
  status: Exclude<LoanStatus, "pending">;
  approvedAmount?: number | null;
  interestRate?: number | null;
  monthlyPayment?: number | null;
  durationMonths?: number;
  rejectionReason?: string | null;
  /** info_requested: what the officer asks for, listed in the e-mail (issue 8). */
  asked?: AskedOfClient;
  /** PUBLIC_URL (or the local address): the link opens the request in the client's area. */
  baseUrl: string;
};

/** What a request for more information asks: documents to replace or add, and a question. */
export type AskedOfClient = {
  items: Array<{
    kind: "replace" | "add";
    category: DocumentCategory;
    documentName: string | null;
    reason: ReplacementReason | null;
    comment: string | null;
  }>;
  question: string | null;
};

/** One line per thing asked, as the client reads them in the e-mail. */
export function askedLines(asked: AskedOfClient): string[] {
  const lines = asked.items.map((item) => {
    const category = documentCategoryLabels[item.category];
    const comment = item.comment ? ` Commentaire : ${item.comment}` : "";
    if (item.kind === "add") return `- Document à ajouter : ${category}.${comment}`;
    const name = item.documentName ? ` « ${item.documentName} »` : "";
    const reason = item.reason ? ` (${replacementReasonLabels[item.reason].toLowerCase()})` : "";
    return `- Document à remplacer : ${category}${name}${reason}.${comment}`;
  });
  if (asked.question) lines.push(`- Question de votre conseiller : ${asked.question}`);
  return lines;
}

/** The client's e-mail when an officer changes the status of one of its requests. */
export function loanStatusMail(input: LoanStatusMailInput): MailContent {
  const number = formatLoanId(input.loanId);
  const what = `votre demande de ${loanTypeLabels[input.loanType].toLowerCase()} ${number}`;
  const action = {
    label: "Voir ma demande",
    url: `${input.baseUrl}/client/prets/${input.loanId}`,
  };
  const base = { greeting: greeting(input.firstName), action };
  switch (input.status) {
    case "in_review":
      return renderMail({
        ...base,
        subject: `Votre demande de prêt ${number} est en cours d'étude`,
        paragraphs: [
          `Bonne nouvelle : ${what} est maintenant en cours d'étude par nos conseillers.`,
          "Nous reviendrons vers vous dès que l'étude sera terminée. Vous pouvez suivre son avancement depuis votre espace client.",
        ],
      });
    case "info_requested":
      return renderMail({
        ...base,
        subject: `Votre demande de prêt ${number} : des éléments complémentaires sont nécessaires`,
        paragraphs: [
          `Pour poursuivre l'étude de ${what}, votre conseiller a besoin d'éléments complémentaires.`,
          ...(input.asked
            ? [["Ce qui vous est demandé :", ...askedLines(input.asked)].join("\n")]
            : []),
          "Ouvrez votre demande dans votre espace client : vous y trouverez ce qui est demandé et pourrez l'envoyer directement. L'étude reprendra dès réception.",
        ],
      });
    case "approved": {
      const terms = [
        input.approvedAmount != null
          ? `Montant approuvé : ${formatFcfa(input.approvedAmount)}`
          : null,
        input.interestRate != null ? `Taux annuel : ${formatRate(input.interestRate)}` : null,
        input.durationMonths != null ? `Durée : ${input.durationMonths} mois` : null,
        input.monthlyPayment != null ? `Mensualité : ${formatFcfa(input.monthlyPayment)}` : null,
      ].filter((line): line is string => line !== null);
      return renderMail({
        ...base,
        subject: `Votre demande de prêt ${number} a été approuvée`,
        paragraphs: [
          `Félicitations : ${what} a été approuvée.`,
          terms.join("\n"),
          "Un conseiller vous contactera prochainement pour finaliser votre prêt.",
        ],
      });
    }
    case "rejected":
      return renderMail({
        ...base,
        subject: `Votre demande de prêt ${number} n'a pas été retenue`,
        paragraphs: [
          `Après étude, nous sommes au regret de vous informer que ${what} n'a pas été retenue.`,
          ...(input.rejectionReason ? [`Motif : ${input.rejectionReason}`] : []),
          "Vous pouvez nous contacter pour en savoir plus ou déposer une nouvelle demande depuis votre espace client.",
        ],
      });
    case "completed":
      return renderMail({
        ...base,
        subject: `Votre prêt ${number} est entièrement remboursé`,
        paragraphs: [
          `Votre prêt ${number} est désormais entièrement remboursé : ${what} est clôturée.`,
          "Merci de votre confiance. Nous restons à votre disposition pour vos futurs projets.",
        ],
      });
  }
}
