import { PDFDocument, rgb, StandardFonts } from "pdf-lib";
import { firm, headOffice } from "../../../domain/firm";
import { formatDate, formatDateTime } from "../../../domain/format-date";
import { formatFcfa } from "../../../domain/format-fcfa";
import { formatLoanId } from "../../../domain/format-loan-id";
import { formatRate } from "../../../domain/format-rate";
import { buildSchedule, scheduleTotals } from "../../../domain/loan-schedule";
import { type LoanType, loanTypeLabels } from "../../../domain/loan-type";
import type { UserRow } from "../../db/schema";
import { PdfWriter, pdfText } from "./pdf-writer";

// The loan contract (issue 28): a French PDF made on the server with the parties, the amount,
// the duration, the annual rate, the fees, the full schedule (from loan-schedule.ts, the
// simulator's own), the firm's conditions and a page reserved for the signatures. Its dates are
// counted from the disbursement, which comes after the signature.

export type ContractPdfInput = {
  loanId: number;
  loanType: LoanType;
  purpose: string;
  client: Pick<
    UserRow,
    "firstName" | "lastName" | "email" | "phone" | "address" | "city" | "country"
  >;
  amount: number;
  durationMonths: number;
  annualRatePercent: number;
  feesAmount: number;
  preparedAt: Date;
  expiresAt: Date;
};

export const contractConditions: Array<[string, string]> = [
  [
    "Article 1 - Objet",
    "Le Prêteur consent à l'Emprunteur, qui l'accepte, un prêt du montant, de la durée et au taux indiqués ci-dessus, destiné à l'objet déclaré dans la demande.",
  ],
  [
    "Article 2 - Mise à disposition des fonds",
    "Les fonds sont versés après la signature du présent contrat par l'Emprunteur et son scellement par le Prêteur, par le moyen convenu (mobile money, virement bancaire ou espèces en agence). La date du décaissement fixe les dates des échéances : la première tombe un mois après.",
  ],
  [
    "Article 3 - Remboursement",
    "L'Emprunteur rembourse le prêt en mensualités constantes selon l'échéancier ci-dessous (méthode de l'amortissement dégressif : les intérêts de chaque mois portent sur le capital restant dû). Les montants sont arrondis au franc ; la dernière échéance absorbe les arrondis. Chaque paiement est imputé d'abord à l'échéance la plus ancienne, sur les intérêts puis sur le capital, en indiquant la référence du prêt.",
  ],
  [
    "Article 4 - Remboursement anticipé",
    "L'Emprunteur peut rembourser par anticipation tout ou partie du prêt sans pénalité. Le montant versé au-delà des échéances dues réduit les dernières échéances.",
  ],
  [
    "Article 5 - Retard de paiement",
    "Un rappel est adressé trois jours avant chaque échéance et le premier jour de retard. En cas de retard, le Prêteur prend contact avec l'Emprunteur pour convenir d'une solution ; les sommes dues restent exigibles.",
  ],
  [
    "Article 6 - Frais",
    "Les frais de dossier indiqués ci-dessus sont dus à la mise à disposition des fonds. Aucun autre frais n'est perçu.",
  ],
  [
    "Article 7 - Taux",
    "Le taux annuel respecte le taux d'usure en vigueur dans l'UEMOA pour les établissements de crédit.",
  ],
  [
    "Article 8 - Signature électronique",
    "L'Emprunteur signe le présent contrat par un code à usage unique envoyé sur son téléphone (ou par e-mail). La signature enregistre son identité, la date, l'adresse IP, l'appareil utilisé et l'empreinte SHA-256 du document signé. Le Prêteur scelle ensuite le document signé par un cachet électronique (PAdES) qui en garantit l'intégrité.",
  ],
  [
    "Article 9 - Données personnelles",
    "Les données de l'Emprunteur sont traitées pour la gestion du prêt et conservées pendant la durée légale. L'Emprunteur peut les consulter et en obtenir une copie depuis son espace client.",
  ],
  [
    "Article 10 - Droit applicable",
    "Le présent contrat est régi par le droit uniforme OHADA et la réglementation bancaire de l'UEMOA. Tout litige relève des tribunaux du siège du Prêteur, après une tentative de règlement amiable.",
  ],
];

function clientAddress(client: ContractPdfInput["client"]): string {
  return (
    [client.address, client.city, client.country].filter(Boolean).join(", ") || "Non renseignée"
  );
}

/** The contract as the client reads it, unsigned. */
export async function makeContractPdf(input: ContractPdfInput): Promise<Uint8Array> {
  const number = formatLoanId(input.loanId);
  const writer = await PdfWriter.create({
    title: `Contrat de prêt ${number}`,
    footer: `${firm.name} - Contrat de prêt ${number}`,
  });
  const schedule = buildSchedule(input);
  const totals = scheduleTotals(schedule);
  const monthly = schedule[0]?.amount ?? 0;

  writer.heading(`Contrat de prêt ${number}`, 18);
  writer.paragraph(
    `Préparé le ${formatDate(input.preparedAt)}. Offre valable jusqu'au ${formatDate(input.expiresAt)} : passé ce délai, un nouveau contrat doit être préparé.`,
  );
  writer.heading("Entre les soussignés");
  writer.paragraph(
    `${firm.name}, établissement de crédit, dont le siège est ${firm.postalAddress}, représenté par son service des prêts (${headOffice.email}, ${firm.phone}), ci-après « le Prêteur »,`,
  );
  writer.paragraph(
    `et ${input.client.firstName} ${input.client.lastName}, demeurant ${clientAddress(input.client)}, joignable au ${input.client.phone ?? "numéro non renseigné"} et à l'adresse ${input.client.email}, ci-après « l'Emprunteur ».`,
  );
  writer.heading("Conditions particulières");
  writer.facts([
    ["Nature du prêt", loanTypeLabels[input.loanType]],
    ["Objet", input.purpose],
    ["Montant prêté", formatFcfa(input.amount)],
    ["Durée", `${input.durationMonths} mois`],
    ["Taux annuel", formatRate(input.annualRatePercent)],
    ["Frais de dossier", formatFcfa(input.feesAmount)],
    ["Mensualité", formatFcfa(monthly)],
    ["Total des intérêts", formatFcfa(totals.interest)],
    ["Coût total du crédit (intérêts et frais)", formatFcfa(totals.interest + input.feesAmount)],
    ["Montant total dû", formatFcfa(totals.total + input.feesAmount)],
  ]);
  writer.heading("Échéancier");
  writer.paragraph("Échéance n : n mois après la date du décaissement. Montants en FCFA.", {
    size: 9,
  });
  writer.table(
    [
      { title: "N°", width: 40 },
      { title: "Échéance", width: 110 },
      { title: "Capital", width: 85, align: "right" },
      { title: "Intérêts", width: 80, align: "right" },
      { title: "Mensualité", width: 85, align: "right" },
      { title: "Capital restant dû", width: 83, align: "right" },
    ],
    schedule.map((installment) => [
      String(installment.number),
      `Décaissement + ${installment.number} mois`,
      formatFcfa(installment.principal),
      formatFcfa(installment.interest),
      formatFcfa(installment.amount),
      formatFcfa(installment.balanceAfter),
    ]),
  );
  writer.heading("Conditions générales");
  for (const [title, text] of contractConditions) {
    writer.paragraph(title, { bold: true });
    writer.paragraph(text);
  }
  writer.newPage();
  writer.heading("Signatures", 16);
  writer.paragraph(
    "L'Emprunteur déclare avoir lu et accepté l'ensemble des conditions du présent contrat, y compris l'échéancier.",
  );
  writer.box("Signature électronique de l'Emprunteur (code à usage unique)", 110);
  writer.box(`Cachet électronique de ${firm.name}`, 110);
  return writer.finish();
}

export type SignatureEvidence = {
  signerName: string;
  signedAt: Date;
  ip: string;
  userAgent: string;
  /** SHA-256 of the unsigned PDF, the exact one the client signed. */
  unsignedSha256: string;
  channel: "sms" | "email";
};

/**
 * The signed copy: the unsigned contract with a last page that records the client's signature
 * (who, when, from which address and device, the SHA-256 of the document signed). The firm's
 * seal is applied on these bytes (contract-seal.ts).
 */
export async function addSignaturePage(
  unsigned: Uint8Array,
  evidence: SignatureEvidence,
): Promise<Uint8Array> {
  const doc = await PDFDocument.load(unsigned);
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const page = doc.addPage([595.28, 841.89]);
  let y = 780;
  const line = (text: string, isBold = false, size = 10) => {
    page.drawText(pdfText(text), { x: 56, y, size, font: isBold ? bold : font });
    y -= size + 8;
  };
  page.drawText(pdfText(firm.name), {
    x: 56,
    y: 800,
    size: 10,
    font: bold,
    color: rgb(0.094, 0.235, 0.439),
  });
  line("Certificat de signature électronique", true, 16);
  line(`Signataire : ${evidence.signerName} (l'Emprunteur)`);
  line(`Signé le : ${formatDateTime(evidence.signedAt)} (heure d'Abidjan, UTC)`);
  line(`Moyen : code à usage unique envoyé par ${evidence.channel === "sms" ? "SMS" : "e-mail"}`);
  line(`Adresse IP : ${evidence.ip}`);
  line(`Appareil : ${evidence.userAgent.slice(0, 90)}`);
  line("Empreinte SHA-256 du contrat signé (pages précédentes) :", true);
  line(evidence.unsignedSha256.slice(0, 32), false, 9);
  line(evidence.unsignedSha256.slice(32), false, 9);
  line(
    `Le présent document est scellé par ${firm.name} (cachet électronique PAdES) : toute modification le rend invalide.`,
    false,
    9,
  );
  return doc.save({ useObjectStreams: false });
}
