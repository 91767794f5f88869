import { z } from "zod";
import { emailField, optionalText, phoneField, requiredText } from "./fields.schema";

export const contactSchema = z.object({
  name: requiredText("Le nom est obligatoire", 120),
  email: emailField("Adresse e-mail obligatoire"),
  phone: phoneField,
  subject: optionalText(150),
  message: requiredText("Le message est obligatoire", 5000),
  // Honeypot: hidden from people, filled in by bots. A filled one is accepted and dropped.
  website: z.string().max(500).optional().default(""),
});
export type ContactInput = z.input<typeof contactSchema>;
export type ContactValues = z.output<typeof contactSchema>;
