import { type DocumentCategory, documentCategoryLabels } from "../../../domain/document-category";
import { formatLoanId } from "../../../domain/format-loan-id";
import { deName } from "../../../domain/french-elision";
import { type LoanType, loanTypeLabels } from "../../../domain/loan-type";
import { greeting, type MailContent, renderMail } from "../../mail/templates";

/** One document the client sent for the request, as the officer's e-mail lists it. */
export type ComplementSentItem = {
  category: DocumentCategory;
  fileName: string;
  /** The file it replaces (a document marked 'À remplacer'); null for an added document. */
  replacedFileName: string | null;
};

export type ComplementReceivedMailInput = {
  loanId: number;
  loanType: LoanType;
  /** The officer the mail goes to (the assignee, or each admin when nobody is assigned). */
  officerFirstName: string | null;
  clientName: string;
  items: ComplementSentItem[];
  question: string | null;
  answer: string | null;
  /** PUBLIC_URL (or the local address): the link opens the request in the officers' area. */
  baseUrl: string;
};

function itemLine(item: ComplementSentItem): string {
  const category = documentCategoryLabels[item.category];
  return item.replacedFileName === null
    ? `• ${category} : ${item.fileName} (ajouté)`
    : `• ${category} : ${item.fileName} (remplace ${item.replacedFileName})`;
}

/**
 * The officer's e-mail when a client sends the complements asked for a request: which request,
 * which client, the documents sent, the answer to the question, and the link to the request.
 */
export function complementReceivedMail(input: ComplementReceivedMailInput): MailContent {
  const number = formatLoanId(input.loanId);
  const what = `la demande de ${loanTypeLabels[input.loanType].toLowerCase()} ${number}`;
  const sent =
    input.items.length > 0 ? [`Documents envoyés :\n${input.items.map(itemLine).join("\n")}`] : [];
  const answered =
    input.question !== null
      ? [`Votre question : ${input.question}`, `Réponse du client : ${input.answer ?? ""}`]
      : [];
  return renderMail({
    subject: `Demande de prêt ${number} : compléments reçus ${deName(input.clientName)}`,
    greeting: greeting(input.officerFirstName),
    paragraphs: [
      `${input.clientName} a envoyé les compléments demandés pour ${what}. La demande repasse « En cours » : son examen peut reprendre.`,
      ...sent,
      ...answered,
    ],
    action: { label: "Ouvrir la demande", url: `${input.baseUrl}/admin/prets/${input.loanId}` },
  });
}
