import { Readable } from "node:stream";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { z } from "zod";
import { uploadIdPattern } from "../../../domain/api/uploads";
import { fileMessages } from "../../../domain/file-type";
import { currentUser, requireClient } from "../../auth";
import { notFound } from "../../http/app-error";
import { createTusServer, uploadRefusedMessage, uploadRequestUsers } from "./tus-server";
import { createPostgresUploadLocker } from "./upload-locker";
import { startUploadSweeper } from "./upload-sweeper";
import { discardUpload, findOwnUpload, getFinishedUpload } from "./uploads.service";

const idParamsSchema = z.object({
  id: z.string().regex(uploadIdPattern, { error: fileMessages.uploadNotFound }),
});

function uploadId(request: FastifyRequest): string {
  const result = idParamsSchema.safeParse(request.params);
  if (!result.success) throw notFound(fileMessages.uploadNotFound);
  return result.data.id;
}

/** The Fastify request as the web Request tus handles; the body stream is passed on unread. */
function toWebRequest(request: FastifyRequest): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    for (const item of Array.isArray(value) ? value : [value]) headers.append(name, String(item));
  }
  const withBody = request.method === "PATCH" || request.method === "POST";
  const web = new Request(`${request.protocol}://${request.host}${request.url}`, {
    method: request.method,
    headers,
    ...(withBody
      ? { body: Readable.toWeb(request.raw) as ReadableStream<Uint8Array>, duplex: "half" }
      : {}),
  } as RequestInit);
  // tus ends the upload's stream cleanly when the Node request it is given here fails (a phone
  // losing its network): the store then keeps what arrived. Without it the body's error reaches
  // the store, and the S3 store drops the bytes it had not yet sent to the bucket.
  Object.assign(web, { runtime: { node: { req: request.raw } } });
  return web;
}

/**
 * Resumable uploads (tus 1.0) under /api/uploads, for signed-in users only, each on their own
 * uploads only; and GET /api/uploads/:id, which tells the wizard after a reload whether a
 * finished upload is still there.
 */
export async function uploadRoutes(app: FastifyInstance) {
  const { db, storage, database } = app.deps;
  const locker = database.newClient
    ? createPostgresUploadLocker({ newClient: database.newClient, logger: app.log })
    : undefined;
  const tus = createTusServer({ db, storage, logger: app.log, locker });

  let stopSweeper: (() => Promise<void>) | undefined;
  app.addHook("onReady", async () => {
    stopSweeper = startUploadSweeper({ db, storage, logger: app.log });
  });
  app.addHook("onClose", async () => {
    await stopSweeper?.();
    await locker?.close();
  });

  // tus bodies are streamed to the storage by tus itself, never buffered by Fastify: whatever
  // type a request declares (in this plugin only), tus reads the body or refuses the type.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser("*", (_request, _payload, done) => {
    done(null);
  });

  const handle = async (request: FastifyRequest, reply: FastifyReply) => {
    const web = toWebRequest(request);
    // OPTIONS (what the server supports) is open; every other method went through requireClient.
    const session = request.currentSession;
    if (session) uploadRequestUsers.set(web, session.user);
    const response = await tus.handleWeb(web);
    reply.code(response.status);
    response.headers.forEach((value, name) => {
      reply.header(name, value);
    });
    let body = await response.text();
    // tus answers a few refusals itself, in English plain text (no Tus-Resumable header, an
    // invalid Upload-Length or Upload-Metadata...): the API answers them as it answers the others.
    if (response.status >= 400 && !body.startsWith("{")) {
      request.log.info({ status: response.status, detail: body.trim() }, "téléchargement refusé");
      body = JSON.stringify({ error: { code: "upload_refused", message: uploadRefusedMessage } });
    }
    if (body.startsWith("{")) reply.type("application/json; charset=utf-8");
    return reply.send(body === "" ? undefined : body);
  };

  /** Another user's upload answers exactly as a missing one. */
  const ownUploadOnly = async (request: FastifyRequest) => {
    const id = uploadId(request);
    const row = await findOwnUpload({ db, userId: currentUser(request).id, id });
    if (!row) throw notFound(fileMessages.uploadNotFound);
  };

  app.options("/uploads", handle);
  app.post("/uploads", { preHandler: requireClient }, handle);
  for (const method of ["HEAD", "PATCH"] as const) {
    app.route({
      method,
      url: "/uploads/:id",
      preHandler: [requireClient, ownUploadOnly],
      handler: handle,
    });
  }

  // Termination: the browser drops a file the client replaced ('Changer').
  app.delete("/uploads/:id", { preHandler: [requireClient, ownUploadOnly] }, async (_r, reply) => {
    await discardUpload({ db, storage, id: uploadId(_r) });
    return reply.code(204).header("tus-resumable", "1.0.0").send();
  });

  app.get("/uploads/:id", { preHandler: requireClient }, async (request) => {
    return {
      upload: await getFinishedUpload({
        db,
        userId: currentUser(request).id,
        id: uploadId(request),
      }),
    };
  });
}
