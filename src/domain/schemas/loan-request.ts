export const maxLoanAmount = 10_000_000_000;
export const maxDurationMonths = 360;

export const officeMessage = "Veuillez choisir une agence";

export const loanDocumentMessages = {
  identite: "Veuillez télécharger une pièce d'identité",
  revenu: "Veuillez télécharger un justificatif de revenu",
  banque: "Veuillez télécharger vos relevés bancaires",
} as const;
