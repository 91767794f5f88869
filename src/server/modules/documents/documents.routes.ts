import type { FastifyInstance, FastifyRequest } from "fastify";
import { z } from "zod";
import { documentMessages, documentPageSize } from "../../../domain/api/documents";
import { pageQuerySchema } from "../../../domain/api/page.schema";
import type { AcceptedFileType } from "../../../domain/document-category";
import { documentCreateSchema } from "../../../domain/schemas/document-upload.schema";
import { currentUser, requireClient, requireClientOrOfficer } from "../../auth";
import { AppError, notFound, parseBody, parseQuery } from "../../http/app-error";
import { StorageNotFoundError } from "../../storage/storage";
import { contentDisposition } from "./content-disposition";
import {
  createStandaloneDocument,
  deleteOwnDocument,
  findReadableDocument,
  listOwnDocuments,
} from "./documents.service";

const listQuerySchema = pageQuerySchema(documentPageSize);

/**
 * The policy of a served file: nothing runs, nothing loads from elsewhere. The browser's own PDF
 * viewer is an embedded object of the file's own URL, hence object-src 'self' (the pages' policy
 * says 'none', which would leave a PDF blank).
 */
export const fileContentSecurityPolicy =
  "default-src 'none'; img-src 'self' data: blob:; style-src 'unsafe-inline'; object-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

function documentId(request: FastifyRequest): string {
  const result = z.object({ id: z.uuid() }).safeParse(request.params);
  if (!result.success) throw notFound(documentMessages.notFound);
  return result.data.id;
}

/** A client's documents (list, standalone upload, delete) and the authorized file route. */
export async function documentRoutes(app: FastifyInstance) {
  const { db, storage } = app.deps;

  app.get("/documents", { preHandler: requireClient }, async (request) => {
    const query = parseQuery(listQuerySchema, request.query);
    return listOwnDocuments({ db, userId: currentUser(request).id, ...query });
  });

  app.post("/documents", { preHandler: requireClient }, async (request, reply) => {
    const input = parseBody(documentCreateSchema, request.body);
    const document = await createStandaloneDocument({
      db,
      userId: currentUser(request).id,
      input,
    });
    return reply.code(201).send({ document });
  });

  app.delete("/documents/:id", { preHandler: requireClient }, async (request, reply) => {
    await deleteOwnDocument({
      db,
      storage,
      userId: currentUser(request).id,
      id: documentId(request),
    });
    return reply.code(204).send();
  });

  // Streamed to the owner and to administrators only, as the type sniffed at upload.
  app.get("/documents/:id/file", { preHandler: requireClientOrOfficer }, async (request, reply) => {
    const row = await findReadableDocument({
      db,
      user: currentUser(request),
      id: documentId(request),
    });
    const download = (request.query as { download?: string } | undefined)?.download;
    let stream: Awaited<ReturnType<typeof storage.read>>;
    try {
      stream = await storage.read(row.storageKey);
    } catch (error) {
      if (!(error instanceof StorageNotFoundError)) throw error;
      request.log.error(
        { documentId: row.id },
        "fichier d'un document introuvable dans le stockage",
      );
      throw new AppError("file_missing", 404, documentMessages.fileMissing);
    }
    const type = row.fileType as AcceptedFileType;
    return reply
      .header("content-type", type)
      .header("content-length", String(row.fileSize))
      .header(
        "content-disposition",
        contentDisposition(download === "1" ? "attachment" : "inline", row.fileName, type),
      )
      .header("x-content-type-options", "nosniff")
      .header("content-security-policy", fileContentSecurityPolicy)
      .header("cache-control", "private, no-store")
      .send(stream);
  });
}
