import { firm } from "../../../../domain/firm";

// What the enrolment shows and gives to keep, as plain text.

/** "JBSW Y3DP EHPK 3PXP": the key in groups of four, as authenticator apps show it. */
export function groupKey(key: string): string {
  return key.replace(/(.{4})(?=.)/g, "$1 ");
}

export const backupCodesFileName = "codes-de-secours.txt";

/** The text file (or the clipboard) the user keeps: one code a line, with what they are for. */
export function backupCodesText(codes: readonly string[]): string {
  return [
    `${firm.name} : codes de secours de la double authentification`,
    "Chaque code ne sert qu'une fois, à la place du code de l'application.",
    "",
    ...codes,
    "",
  ].join("\n");
}
