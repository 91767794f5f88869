import type { StatementImportJson } from "../../../../domain/api/servicing";
import type { StatementImportInput } from "../../../../domain/api/servicing.schema";
import { api, unwrap } from "../../../lib/api-client";

/**
 * POST /api/admin/statement-imports { channel, fileName, csv }: 201 with the rows read and
 * matched, or 200 with `duplicate: true` and the earlier import when the file was imported before.
 * Not a useApiMutation: the page goes to the import's own page, which reads it.
 */
export async function importStatement(input: StatementImportInput): Promise<StatementImportJson> {
  return unwrap(
    await api.post<{ import: StatementImportJson }>("/api/admin/statement-imports", input),
  ).import;
}
