import { z } from "zod";
import { twoFactorMessages } from "./two-factor";

/** Six digits; spaces typed between them (as apps show "123 456") are dropped. */
export const totpCodeSchema = z
  .string({ error: twoFactorMessages.codeFormat })
  .transform((value) => value.replace(/\s+/g, ""))
  .pipe(z.string().regex(/^\d{6}$/, { error: twoFactorMessages.codeFormat }));

/** Ten letters or digits, with or without the dash in the middle as they are shown. */
export const backupCodeSchema = z
  .string({ error: twoFactorMessages.backupCodeFormat })
  .transform((value) => value.replace(/[\s-]+/g, ""))
  .pipe(z.string().regex(/^[A-Za-z0-9]{10}$/, { error: twoFactorMessages.backupCodeFormat }))
  .transform((value) => `${value.slice(0, 5)}-${value.slice(5)}`);

/** The sign-in's second step with a code from the app... */
export const twoFactorCodeSignInSchema = z.object({
  code: totpCodeSchema,
  trustDevice: z.boolean({ error: twoFactorMessages.trustDeviceInvalid }).optional().default(false),
});

/** ...or with a backup code. */
export const twoFactorBackupSignInSchema = z.object({
  backupCode: backupCodeSchema,
  trustDevice: z.boolean({ error: twoFactorMessages.trustDeviceInvalid }).optional().default(false),
});

export const twoFactorPasswordSchema = z.object({
  password: z
    .string({ error: twoFactorMessages.passwordRequired })
    .min(1, { error: twoFactorMessages.passwordRequired })
    .max(200, { error: twoFactorMessages.wrongPassword }),
});

export const twoFactorConfirmSchema = z.object({ code: totpCodeSchema });
