import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { ClientLoanJson } from "../../../domain/api/loans";
import type { DocumentCategory } from "../../../domain/document-category";
import type { ReplacementReason } from "../../../domain/document-review";
import { documents, infoRequestItems, infoRequests, loanRequests } from "../../db/schema";
import { uploadFile } from "../../test/test-app";
import { jpegFile, pdfFile, pngFile } from "../../test/test-files";

// A request for more information written straight into the database, as the officers' route
// leaves it: the client's routes are what these tests exercise.

/** A real request through the wizard's route: three documents, status pending. */
export async function createLoanWithDocuments(
  app: FastifyInstance,
  cookie: string,
): Promise<ClientLoanJson> {
  const response = await app.inject({
    method: "POST",
    url: "/api/loans",
    headers: { cookie },
    payload: {
      loanType: "personal",
      amount: 1_500_000,
      durationMonths: 12,
      purpose: "Équipement de la boutique",
      description: "",
      monthlyIncome: 350_000,
      documents: {
        identite: await uploadFile(app, cookie, jpegFile(), "cni-floue.jpg"),
        revenu: await uploadFile(app, cookie, pdfFile("Salaire"), "salaire.pdf"),
        banque: await uploadFile(app, cookie, pngFile(), "releve.png"),
      },
      submissionKey: randomUUID(),
    },
  });
  if (response.statusCode !== 201) {
    throw new Error(`loan creation failed: ${response.statusCode} ${response.body}`);
  }
  return response.json().loan as ClientLoanJson;
}

export type InfoRequestSeed = {
  officerId: string;
  replace?: Array<{ documentId: string; reason: ReplacementReason; comment?: string | null }>;
  add?: Array<{ category: DocumentCategory; comment?: string | null }>;
  question?: string | null;
  assignedTo?: string | null;
};

/**
 * Puts the request in info_requested with an open request for more information: the documents to
 * replace get the 'À remplacer' verdict, as the officers' route does. Returns the items' ids in
 * the order given (replacements first).
 */
export async function insertInfoRequest(
  app: FastifyInstance,
  loanId: number,
  seed: InfoRequestSeed,
): Promise<{ requestId: number; itemIds: number[] }> {
  const { db } = app.deps;
  const replace = seed.replace ?? [];
  const add = seed.add ?? [];
  await db
    .update(loanRequests)
    .set({
      status: "info_requested",
      ...(seed.assignedTo !== undefined ? { assignedTo: seed.assignedTo } : {}),
    })
    .where(eq(loanRequests.id, loanId));
  for (const item of replace) {
    await db
      .update(documents)
      .set({
        reviewVerdict: "a_remplacer",
        reviewReason: item.reason,
        reviewComment: item.comment ?? null,
        reviewedBy: seed.officerId,
        reviewedAt: new Date(),
      })
      .where(eq(documents.id, item.documentId));
  }
  const [request] = await db
    .insert(infoRequests)
    .values({ loanId, question: seed.question ?? null, createdBy: seed.officerId })
    .returning({ id: infoRequests.id });
  if (!request) throw new Error("info request insert returned no row");
  const itemIds: number[] = [];
  for (const item of replace) {
    const [original] = await db
      .select({ category: documents.category })
      .from(documents)
      .where(eq(documents.id, item.documentId));
    if (!original) throw new Error("the document to replace does not exist");
    const [row] = await db
      .insert(infoRequestItems)
      .values({
        infoRequestId: request.id,
        kind: "replace",
        category: original.category,
        documentId: item.documentId,
        reason: item.reason,
        comment: item.comment ?? null,
      })
      .returning({ id: infoRequestItems.id });
    if (row) itemIds.push(row.id);
  }
  for (const item of add) {
    const [row] = await db
      .insert(infoRequestItems)
      .values({
        infoRequestId: request.id,
        kind: "add",
        category: item.category,
        comment: item.comment ?? null,
      })
      .returning({ id: infoRequestItems.id });
    if (row) itemIds.push(row.id);
  }
  return { requestId: request.id, itemIds };
}
