import { formatDate } from "../../../domain/format-date";
import { formatFcfa } from "../../../domain/format-fcfa";
import { formatLoanId } from "../../../domain/format-loan-id";
import { greeting, type MailContent, renderMail } from "../../mail/templates";

// The client's e-mails after the decision (issue 28), in the words of the status e-mails
// (admin-loans.mail.ts): each opens the request in the client's area.

type Base = { loanId: number; firstName: string | null; baseUrl: string };

function base(input: Base) {
  return {
    greeting: greeting(input.firstName),
    action: { label: "Voir mon prêt", url: `${input.baseUrl}/client/prets/${input.loanId}` },
  };
}

export function contractReadyMail(input: Base & { expiresAt: Date }): MailContent {
  const number = formatLoanId(input.loanId);
  return renderMail({
    ...base(input),
    subject: `Votre contrat de prêt ${number} est prêt à être signé`,
    paragraphs: [
      `Votre contrat de prêt ${number} est prêt. Vous pouvez le lire et le télécharger depuis votre espace client, rubrique « Mon contrat ».`,
      `Pour le signer, demandez un code à usage unique : il vous sera envoyé par SMS (ou par e-mail) et restera valable 10 minutes. Le contrat peut être signé jusqu'au ${formatDate(input.expiresAt)}.`,
    ],
  });
}

export function signatureCodeMail(input: Base & { code: string }): MailContent {
  const number = formatLoanId(input.loanId);
  return renderMail({
    ...base(input),
    subject: `Code de signature de votre contrat ${number}`,
    paragraphs: [
      `Voici votre code de signature du contrat ${number} : ${input.code}`,
      "Il est valable 10 minutes. Ne le communiquez à personne : aucun conseiller ne vous le demandera.",
    ],
    after: [
      "Si vous n'avez pas demandé ce code, ignorez ce message : votre contrat ne sera pas signé.",
    ],
  });
}

export function contractSignedMail(input: Base): MailContent {
  const number = formatLoanId(input.loanId);
  return renderMail({
    ...base(input),
    subject: `Votre contrat de prêt ${number} est signé`,
    paragraphs: [
      `Nous avons bien reçu votre signature du contrat ${number}. Le contrat signé, scellé par notre établissement, est disponible dans votre espace client.`,
      "Votre conseiller va maintenant procéder au versement des fonds.",
    ],
  });
}

export function disbursedMail(
  input: Base & { amount: number; firstDueDate: string; monthlyPayment: number },
): MailContent {
  const number = formatLoanId(input.loanId);
  return renderMail({
    ...base(input),
    subject: `Les fonds de votre prêt ${number} ont été versés`,
    paragraphs: [
      `Les fonds de votre prêt ${number} ont été versés : ${formatFcfa(input.amount)}.`,
      `Votre première échéance, de ${formatFcfa(input.monthlyPayment)}, est due le ${formatDate(`${input.firstDueDate}T00:00:00Z`)}. Votre échéancier complet et les moyens de paiement sont dans votre espace client.`,
    ],
  });
}

export function reminderMail(
  input: Base & { event: "due_soon" | "first_late_day"; dueDate: string; amount: number },
): MailContent {
  const number = formatLoanId(input.loanId);
  const due = formatDate(`${input.dueDate}T00:00:00Z`);
  if (input.event === "due_soon") {
    return renderMail({
      ...base(input),
      subject: `Rappel : échéance du ${due} pour votre prêt ${number}`,
      paragraphs: [
        `Votre échéance de ${formatFcfa(input.amount)} pour le prêt ${number} arrive le ${due}.`,
        "Pensez à indiquer la référence de votre prêt lors du paiement. Les numéros de paiement sont dans votre espace client.",
      ],
    });
  }
  return renderMail({
    ...base(input),
    subject: `Échéance impayée pour votre prêt ${number}`,
    paragraphs: [
      `Votre échéance du ${due} pour le prêt ${number} n'a pas encore été réglée : il reste ${formatFcfa(input.amount)} à payer.`,
      "Si vous avez déjà payé, ne tenez pas compte de ce message. En cas de difficulté, contactez votre conseiller : nous trouverons une solution ensemble.",
    ],
  });
}

export function repaidMail(input: Base): MailContent {
  const number = formatLoanId(input.loanId);
  return renderMail({
    ...base(input),
    subject: `Votre prêt ${number} est soldé`,
    paragraphs: [
      `Votre prêt ${number} est entièrement remboursé. Merci pour votre confiance !`,
      "Votre attestation de remboursement est disponible dans votre espace client.",
    ],
  });
}
