import { randomUUID } from "node:crypto";
import type { FastifyInstance } from "fastify";
import type { DocumentCategory } from "../../../domain/document-category";
import type { DocumentVerdict, ReplacementReason } from "../../../domain/document-review";
import { documents } from "../../db/schema";

// Documents written straight into the database for the dossier tests: the verdicts and requests
// for more information are what these tests exercise, not the uploads (no file is ever read).

export type DocumentSeed = {
  category?: DocumentCategory;
  fileName?: string;
  verdict?: DocumentVerdict;
  reason?: ReplacementReason | null;
  comment?: string | null;
  reviewedBy?: string;
  replacedAt?: Date;
};

export async function insertDocument(
  app: FastifyInstance,
  { userId, loanId }: { userId: string; loanId: number | null },
  seed: DocumentSeed = {},
): Promise<string> {
  const [row] = await app.deps.db
    .insert(documents)
    .values({
      userId,
      loanId,
      fileName: seed.fileName ?? "cni.jpg",
      fileType: "image/jpeg",
      fileSize: 1234,
      storageKey: `test/${randomUUID()}`,
      category: seed.category ?? "identite",
      replacedAt: seed.replacedAt ?? null,
      ...(seed.verdict
        ? {
            reviewVerdict: seed.verdict,
            reviewReason: seed.reason ?? null,
            reviewComment: seed.comment ?? null,
            reviewedBy: seed.reviewedBy,
            reviewedAt: new Date(),
          }
        : {}),
    })
    .returning({ id: documents.id });
  if (!row) throw new Error("document insert returned no row");
  return row.id;
}
