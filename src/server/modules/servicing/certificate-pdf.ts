import { firm, headOffice } from "../../../domain/firm";
import { formatDate } from "../../../domain/format-date";
import { formatFcfa } from "../../../domain/format-fcfa";
import { formatLoanId } from "../../../domain/format-loan-id";
import { PdfWriter } from "./pdf-writer";

/** The certificate of repayment ('Attestation de remboursement') of a loan 'Soldé'. */
export async function makeCertificatePdf(input: {
  loanId: number;
  clientName: string;
  amount: number;
  disbursedOn: string;
  repaidOn: string;
  totalPaid: number;
  issuedAt: Date;
}): Promise<Uint8Array> {
  const number = formatLoanId(input.loanId);
  const writer = await PdfWriter.create({
    title: `Attestation de remboursement ${number}`,
    footer: `${firm.name} - Attestation de remboursement ${number}`,
  });
  writer.heading("Attestation de remboursement", 18);
  writer.paragraph(
    `${firm.name}, dont le siège est ${firm.postalAddress}, atteste que ${input.clientName} a intégralement remboursé le prêt ${number}.`,
  );
  writer.facts([
    ["Prêt", number],
    ["Montant décaissé", formatFcfa(input.amount)],
    ["Date du décaissement", formatDate(`${input.disbursedOn}T00:00:00Z`)],
    ["Total remboursé (capital et intérêts)", formatFcfa(input.totalPaid)],
    ["Dernier paiement", formatDate(`${input.repaidOn}T00:00:00Z`)],
    ["Solde restant dû", formatFcfa(0)],
  ]);
  writer.paragraph(
    "Le prêt est soldé : l'Emprunteur est libéré de toute obligation de remboursement au titre de ce prêt.",
  );
  writer.paragraph(
    `Fait à ${headOffice.city}, le ${formatDate(input.issuedAt)}, pour servir et valoir ce que de droit.`,
  );
  writer.paragraph(`Le service des prêts, ${firm.name}`, { bold: true });
  return writer.finish();
}
