import { and, eq, isNotNull } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
import { dataRightsMessages } from "../../../domain/api/data-rights";
import { loanRequests, user } from "../../db/schema";
import { conflict } from "../../http/app-error";

/**
 * preHandler of the officers' writes on a request (/admin/loans/:id/...): a closed client's
 * requests are read-only (409), kept as the credit file until the retention ends. One move stays
 * open: an approved loan marked 'completed' once repaid, a fact about the credit that the file
 * must record (no notice goes out: closing turned the client's channels off), and the payments
 * received on it and their reversals. A missing or
 * malformed id passes through, for the route to answer its own 404.
 */
export async function refuseWritesOnClosedClient(request: FastifyRequest): Promise<void> {
  if (request.method === "GET" || request.method === "HEAD") return;
  const raw = (request.params as { id?: unknown } | undefined)?.id;
  const id = typeof raw === "string" && /^\d{1,9}$/.test(raw) ? Number(raw) : undefined;
  if (id === undefined) return;
  const body = request.body as { to?: unknown } | undefined;
  const marksRepaid =
    request.routeOptions.url?.endsWith("/status") === true && body?.to === "completed";
  // Repayments of a closed client's loan are still money received (issue 28): recorded.
  const url = request.routeOptions.url ?? "";
  if (marksRepaid || url.includes("/payments")) return;
  const [closed] = await request.server.deps.db
    .select({ id: loanRequests.id })
    .from(loanRequests)
    .innerJoin(user, eq(user.id, loanRequests.userId))
    .where(and(eq(loanRequests.id, id), isNotNull(user.closedAt)))
    .limit(1);
  if (closed) throw conflict("client_account_closed", dataRightsMessages.clientAccountClosed);
}
