import { z } from "zod";
import { uploadCategories } from "../document-category";
import { requiredText } from "./fields";

/** The standalone upload form, checked in the spec's order: name, type, then the file. */
export const documentUploadSchema = z.object({
  name: requiredText("Veuillez entrer un nom pour le document", 150),
  category: z.enum(uploadCategories, { error: "Veuillez sélectionner un type de document" }),
});
export type DocumentUploadValues = z.output<typeof documentUploadSchema>;

export const missingFileMessage = "Veuillez sélectionner un fichier";
