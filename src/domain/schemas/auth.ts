export const missingFieldsMessage = "Veuillez remplir tous les champs";

/** Splits "Awa Koné Diallo" into first name "Awa" and last name "Koné Diallo". */
export function splitFullName(fullName: string): { firstName: string; lastName: string } {
  const parts = fullName.trim().split(/\s+/);
  const [firstName = "", ...rest] = parts;
  return { firstName, lastName: rest.join(" ") };
}
