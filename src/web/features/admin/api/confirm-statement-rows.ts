import type { StatementImportJson } from "../../../../domain/api/servicing";
import type { StatementConfirmInput } from "../../../../domain/api/servicing.schema";
import { api, unwrap } from "../../../lib/api-client";
import { useApiMutation } from "../../../lib/use-api-mutation";

/** POST /api/admin/statement-imports/:id/confirm { rows }: the proposed rows recorded. */
export async function confirmStatementRows(id: number, input: StatementConfirmInput) {
  return unwrap(
    await api.post<{ import: StatementImportJson }>(
      `/api/admin/statement-imports/${id}/confirm`,
      input,
    ),
  ).import;
}

// Recorded or refused (another officer was first), the page shows the import as it now is.
export const useConfirmStatementRows = (id: number) =>
  useApiMutation((input: StatementConfirmInput) => confirmStatementRows(id, input));
