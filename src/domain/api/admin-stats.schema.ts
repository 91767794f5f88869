import { z } from "zod";
import { officeIds } from "../firm";

/** The dashboard's query string, as /admin's URL and the two routes carry it. */
export const adminStatsQuerySchema = z.object({
  agence: z.preprocess(
    (value) => (typeof value === "string" && value.trim() === "" ? undefined : value),
    z.enum(officeIds, { error: "Agence inconnue" }).optional(),
  ),
});
export type AdminStatsQuery = z.output<typeof adminStatsQuerySchema>;
