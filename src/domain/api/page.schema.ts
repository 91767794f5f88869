import { z } from "zod";
import { invalidPageMessage, maxPageSize } from "./page";

/** `?page=&pageSize=` of every paginated list; the default size is the list's own. */
export function pageQuerySchema(defaultPageSize: number) {
  return z.object({
    page: z.coerce
      .number({ error: invalidPageMessage })
      .int({ error: invalidPageMessage })
      .min(1, { error: invalidPageMessage })
      .max(1_000_000, { error: invalidPageMessage })
      .optional()
      .default(1),
    pageSize: z.coerce
      .number({ error: "Taille de page invalide" })
      .int({ error: "Taille de page invalide" })
      .min(1, { error: "Taille de page invalide" })
      .max(maxPageSize, { error: "Taille de page invalide" })
      .optional()
      .default(defaultPageSize),
  });
}
