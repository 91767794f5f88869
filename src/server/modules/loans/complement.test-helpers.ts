import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { AdminLoanJson } from "../../../domain/api/admin-loans";
import type { ClientLoanJson } from "../../../domain/api/loans";
import type { DocumentCategory } from "../../../domain/document-category";
import type { ReplacementReason } from "../../../domain/document-review";
import { loanRequests } from "../../db/schema";
import { createLoan } from "../../test/fixtures";
import { sendThrough } from "../../test/test-app";
import { jpegFile } from "../../test/test-files";

// A request for more information made as an officer makes it: the verdicts, then the request,
// through the officers' routes (helper A's), so that these tests read what production writes.

/** A real request through the wizard's route: three documents, status pending. */
export async function createLoanWithDocuments(
  app: FastifyInstance,
  cookie: string,
): Promise<ClientLoanJson> {
  const loan = await createLoan(sendThrough(app), cookie, {
    files: { identite: [jpegFile(), "cni-floue.jpg"] },
  });
  return loan as unknown as ClientLoanJson;
}

export type InfoRequestSeed = {
  /** The officer's session cookie. */
  officerCookie: string;
  replace?: Array<{ documentId: string; reason: ReplacementReason; comment?: string | null }>;
  add?: Array<{ category: DocumentCategory; comment?: string | null }>;
  question?: string | null;
  /** Set before the request (null: nobody); left as it is when undefined. */
  assignedTo?: string | null;
};

/**
 * Marks each document to replace 'À remplacer' with its reason, then asks for the complements:
 * the request moves to info_requested with an open request for more information. Returns the
 * items' ids in the order given (replacements first).
 */
export async function insertInfoRequest(
  app: FastifyInstance,
  loanId: number,
  seed: InfoRequestSeed,
): Promise<{ requestId: number; itemIds: number[] }> {
  const headers = { cookie: seed.officerCookie };
  if (seed.assignedTo !== undefined) {
    await app.deps.db
      .update(loanRequests)
      .set({ assignedTo: seed.assignedTo })
      .where(eq(loanRequests.id, loanId));
  }
  for (const item of seed.replace ?? []) {
    const review = await app.inject({
      method: "PUT",
      url: `/api/admin/loans/${loanId}/documents/${item.documentId}/review`,
      headers,
      payload: { verdict: "a_remplacer", reason: item.reason, comment: item.comment ?? null },
    });
    if (review.statusCode !== 200) {
      throw new Error(`review failed: ${review.statusCode} ${review.body}`);
    }
  }
  const [loan] = await app.deps.db
    .select({ status: loanRequests.status })
    .from(loanRequests)
    .where(eq(loanRequests.id, loanId));
  const response = await app.inject({
    method: "POST",
    url: `/api/admin/loans/${loanId}/info-request`,
    headers,
    payload: {
      from: loan?.status,
      replace: (seed.replace ?? []).map((item) => item.documentId),
      add: (seed.add ?? []).map((item) => ({ category: item.category, comment: item.comment })),
      question: seed.question ?? null,
    },
  });
  if (response.statusCode !== 200) {
    throw new Error(`info request failed: ${response.statusCode} ${response.body}`);
  }
  const request = (response.json().loan as AdminLoanJson).infoRequest;
  if (!request) throw new Error("the officer's view has no request for more information");
  return { requestId: request.id, itemIds: request.items.map((item) => item.id) };
}
