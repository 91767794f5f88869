import type { PaymentChannel, StatementMappingJson } from "../../../../domain/api/servicing";
import type { StatementMappingInput } from "../../../../domain/api/servicing.schema";
import { api, unwrap } from "../../../lib/api-client";
import { useApiMutation } from "../../../lib/use-api-mutation";

/** PUT /api/admin/statement-mappings/:channel: the columns of this channel's statements. */
export async function saveStatementMapping(channel: PaymentChannel, input: StatementMappingInput) {
  return unwrap(
    await api.put<{ mapping: StatementMappingJson }>(
      `/api/admin/statement-mappings/${channel}`,
      input,
    ),
  ).mapping;
}

/** The page's saved mappings are read again: the next file of the channel is read with it. */
export const useSaveStatementMapping = () =>
  useApiMutation(({ channel, input }: { channel: PaymentChannel; input: StatementMappingInput }) =>
    saveStatementMapping(channel, input),
  );
