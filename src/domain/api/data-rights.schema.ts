import { z } from "zod";
import { dataRightsMessages } from "./data-rights";

/** POST /api/me/close-account: the password, asked again. */
export const closeAccountSchema = z.object({
  password: z
    .string({ error: dataRightsMessages.passwordRequired })
    .min(1, { error: dataRightsMessages.passwordRequired })
    .max(200, { error: dataRightsMessages.wrongPassword }),
});
export type CloseAccountInput = z.input<typeof closeAccountSchema>;
