import { Server as TusServer } from "@tus/server";
import type { Locker, Upload } from "@tus/utils";
import type { FastifyBaseLogger } from "fastify";
import { uploadsEndpoint } from "../../../domain/api/uploads";
import { maxUploadBytes } from "../../../domain/document-category";
import { cleanFileName, fileMessages, sniffFileType, sniffLength } from "../../../domain/file-type";
import type { SessionUser } from "../../auth";
import type { Db } from "../../db/client";
import { uploads } from "../../db/schema";
import { readHead, type Storage } from "../../storage/storage";
import {
  countPendingUploads,
  discardUpload,
  findOwnUpload,
  markUploadFinished,
  maxPendingUploadsPerUser,
  toUploadJson,
} from "./uploads.service";

/** Who sent each request handed to tus (set by the route after the session check). */
export const uploadRequestUsers = new WeakMap<Request, SessionUser>();

type TusRefusal = { status_code: number; body: string };

/** The API's error shape, as tus sends it back. */
function refusal(status: number, code: string, message: string): TusRefusal {
  return { status_code: status, body: JSON.stringify({ error: { code, message } }) };
}

/** What a client is told when tus refuses a request that breaks its protocol. */
export const uploadRefusedMessage = "Téléchargement refusé : requête invalide.";

export const uploadExtensionUnsupportedMessage =
  "Téléchargement refusé : cette fonction du protocole tus n'est pas prise en charge.";

const uploadsPath = uploadsEndpoint.replace(/\/$/, "");

/**
 * The tus server: resumable uploads written through the storage's upload store, at most 10 MiB
 * (refused at creation when the declared size is larger, and as bytes arrive when a request
 * sends more than declared), checked by their first bytes once complete.
 */
export function createTusServer({
  db,
  storage,
  logger,
  locker,
}: {
  db: Db;
  storage: Storage;
  logger: FastifyBaseLogger;
  /** Shared by the instances on one PostgreSQL server (upload-locker.ts); tus's own otherwise. */
  locker?: Locker;
}): TusServer {
  const userOf = (request: Request): SessionUser => {
    const user = uploadRequestUsers.get(request);
    // The route checks the session before handing a request to tus: this cannot happen.
    if (!user) throw refusal(401, "unauthenticated", "Vous devez être connecté");
    return user;
  };

  // A creation that also sends bytes (creation-with-upload) has its id in no URL: kept here so
  // that a refusal of those bytes discards the upload it created.
  const createdUploadIds = new WeakMap<Request, string>();

  const server = new TusServer({
    path: uploadsPath,
    datastore: storage.uploadStore,
    ...(locker ? { locker } : {}),
    maxSize: maxUploadBytes,
    relativeLocation: true,
    disableTerminationForFinishedUploads: false,

    async onUploadCreate(request, upload: Upload) {
      const user = userOf(request as unknown as Request);
      if (upload.sizeIsDeferred || upload.size === undefined) {
        throw refusal(400, "size_required", "La taille du fichier doit être annoncée.");
      }
      const fileName = cleanFileName(upload.metadata?.filename ?? "") || "document";
      if ((await countPendingUploads({ db, userId: user.id })) >= maxPendingUploadsPerUser) {
        throw refusal(429, "too_many_uploads", fileMessages.tooManyUploads);
      }
      await db.insert(uploads).values({
        id: upload.id,
        userId: user.id,
        storageKey: storage.uploadKey(upload.id),
        fileName,
        fileSize: upload.size,
      });
      createdUploadIds.set(request as unknown as Request, upload.id);
      return {};
    },

    async onUploadFinish(request, upload: Upload) {
      const key = storage.uploadKey(upload.id);
      const head = upload.size === 0 ? Buffer.alloc(0) : await readHead(storage, key, sniffLength);
      const fileType = sniffFileType(head);
      if (!fileType) {
        await discardUpload({ db, storage, id: upload.id });
        throw upload.size === 0
          ? refusal(415, "empty_file", fileMessages.empty)
          : refusal(415, "unsupported_file_type", fileMessages.unsupported);
      }
      const row =
        (await markUploadFinished({ db, id: upload.id, fileType })) ??
        // The last PATCH sent again (its answer was lost on the way): finished already.
        (await findOwnUpload({
          db,
          userId: userOf(request as unknown as Request).id,
          id: upload.id,
        }));
      if (!row) throw refusal(404, "upload_not_found", fileMessages.uploadNotFound);
      // tus answers 204 by rule; tus-js-client accepts any 2xx, and this saves a request.
      return {
        status_code: 200,
        headers: { "Content-Type": "application/json; charset=utf-8" },
        body: JSON.stringify({ upload: toUploadJson(row) }),
      };
    },

    async onResponseError(request, error) {
      const status = "status_code" in error ? error.status_code : 500;
      const body = "body" in error ? error.body : "";
      if (body.startsWith("{")) return { status_code: status, body };
      if (status === 413) {
        // More bytes than allowed: nothing of this upload is kept.
        const id =
          request.method === "POST"
            ? createdUploadIds.get(request as unknown as Request)
            : request.url.split("/").pop();
        if (id) {
          await discardUpload({ db, storage, id }).catch((cause: unknown) =>
            logger.error({ err: cause }, "suppression d'un téléchargement refusé impossible"),
          );
        }
        return refusal(413, "file_too_large", fileMessages.tooLarge);
      }
      if (status === 404 || status === 410) {
        return refusal(404, "upload_not_found", fileMessages.uploadNotFound);
      }
      if (status === 409) {
        return refusal(409, "upload_offset_conflict", "Reprise du téléchargement désynchronisée.");
      }
      if (status === 501) {
        // An extension tus knows and this server does not offer (Upload-Concat...): the
        // client's choice, not a failure of the server (tus answers 501 for it).
        logger.info({ detail: body.trim() }, "extension tus non prise en charge");
        return refusal(501, "upload_extension_unsupported", uploadExtensionUnsupportedMessage);
      }
      if (status >= 500) {
        logger.error({ err: error }, "téléchargement en échec");
        return refusal(500, "upload_failed", "Le téléchargement a échoué. Veuillez réessayer.");
      }
      // tus explains in English, for developers: logged, and the client reads French.
      logger.info({ status, detail: body.trim() }, "téléchargement refusé");
      return refusal(status, "upload_refused", uploadRefusedMessage);
    },
  });
  return server;
}
