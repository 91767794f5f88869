import { AppError } from "../http/app-error";

export const commonPasswordMessage =
  "Ce mot de passe est trop courant. Choisissez-en un plus difficile à deviner.";

let dictionary: Promise<Set<string>> | undefined;

/** zxcvbn's list of the most common passwords, loaded once on first use. */
function commonPasswords(): Promise<Set<string>> {
  dictionary ??= import("@zxcvbn-ts/language-common").then(
    ({ dictionary: lists }) =>
      new Set(lists["passwords-common"].map((password) => password.toLowerCase())),
  );
  return dictionary;
}

export async function isCommonPassword(password: string): Promise<boolean> {
  return (await commonPasswords()).has(password.toLowerCase());
}

/** Throws the 400 AppError on `field` when the password is one of the common ones. */
export async function assertNotCommonPassword(password: string, field: string): Promise<void> {
  if (await isCommonPassword(password)) {
    throw new AppError("common_password", 400, commonPasswordMessage, {
      [field]: commonPasswordMessage,
    });
  }
}
