import { z } from "zod";
import { uploadIdPattern } from "../api/uploads";
import { uploadCategories } from "../document-category";
import { fileMessages, maxFileNameLength, withoutControlCharacters } from "../file-type";
import { requiredText } from "./fields.schema";

/** The standalone upload form, checked in the spec's order: name, type, then the file. */
export const documentUploadSchema = z.object({
  // The name of a file, as an upload's: kept as given but for the control characters.
  name: requiredText(
    "Veuillez entrer un nom pour le document",
    maxFileNameLength,
    withoutControlCharacters,
  ),
  category: z.enum(uploadCategories, { error: "Veuillez sélectionner un type de document" }),
});
export type DocumentUploadValues = z.output<typeof documentUploadSchema>;

/** The body of POST /api/documents: the form's fields and the finished upload. */
export const documentCreateSchema = documentUploadSchema.extend({
  uploadId: z.string({ error: fileMessages.missing }).regex(uploadIdPattern, {
    error: fileMessages.missing,
  }),
});
export type DocumentCreateValues = z.output<typeof documentCreateSchema>;
