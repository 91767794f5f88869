import { z } from "zod";
import { notFound } from "../../http/app-error";

const paramsSchema = z.object({ id: z.string().regex(/^[1-9]\d{0,9}$/) });

/** Loan ids are positive int4; anything else in `:id` is a loan that does not exist (404). */
export function loanIdParam(params: unknown, notFoundMessage: string): number {
  const result = paramsSchema.safeParse(params);
  const id = result.success ? Number(result.data.id) : 0;
  if (id < 1 || id > 2_147_483_647) throw notFound(notFoundMessage);
  return id;
}
