import type { FastifyInstance, FastifyRequest } from "fastify";
import { z } from "zod";
import { dataRightsMessages } from "../../../domain/api/data-rights";
import { closeAccountSchema } from "../../../domain/api/data-rights.schema";
import { currentUser, requireClient, requireUser } from "../../auth";
import { recordSecurityEvent } from "../../auth/security-journal";
import { authHeaders, forwardCookies } from "../../auth/session";
import { AppError, notFound, parseBody } from "../../http/app-error";
import { StorageNotFoundError } from "../../storage/storage";
import { closeAccount } from "./account-closing.service";
import { findDownloadableExport, latestExport, requestExport } from "./data-export.service";
import { startDataRightsJobs } from "./data-rights-jobs";
import { runExportJobs } from "./export-worker";

function exportId(request: FastifyRequest): string {
  const result = z.object({ id: z.uuid() }).safeParse(request.params);
  if (!result.success) throw notFound(dataRightsMessages.exportNotFound);
  return result.data.id;
}

/** 'Télécharger mes données' and 'Fermer mon compte' (domain/api/data-rights.ts). */
export async function dataRightsRoutes(app: FastifyInstance) {
  const { db, storage, config, background, auth } = app.deps;
  const buildNow = () =>
    background.run("export de données", () =>
      runExportJobs({ db, storage, ttlHours: config.exportTtlHours, logger: app.log }),
    );

  app.post("/me/data-exports", { preHandler: requireClient }, async (request, reply) => {
    const me = currentUser(request);
    const result = await requestExport({ db, userId: me.id });
    if (result.created) {
      await recordSecurityEvent(db, request, {
        type: "data_export",
        userId: me.id,
        email: me.email,
        reason: "requested",
      });
    }
    // A running one is kicked too: one left by a stopped instance is taken up at once when its
    // claim has lapsed (the claim keeps a live builder's export to it).
    buildNow();
    return reply.code(result.created ? 202 : 200).send({ export: result.export });
  });

  app.get("/me/data-exports/latest", { preHandler: requireClient }, async (request) => {
    return { export: await latestExport({ db, userId: currentUser(request).id }) };
  });

  app.get("/me/data-exports/:id/archive", { preHandler: requireClient }, async (request, reply) => {
    const me = currentUser(request);
    const found = await findDownloadableExport({ db, userId: me.id, id: exportId(request) });
    let stream: Awaited<ReturnType<typeof storage.read>>;
    try {
      stream = await storage.read(found.storageKey);
    } catch (error) {
      if (!(error instanceof StorageNotFoundError)) throw error;
      request.log.error({ dataExport: found.storageKey }, "archive d'un export introuvable");
      throw new AppError("file_missing", 404, dataRightsMessages.exportFileMissing);
    }
    await recordSecurityEvent(db, request, {
      type: "data_export",
      userId: me.id,
      email: me.email,
      reason: "downloaded",
    });
    const day = found.readyAt.toISOString().slice(0, 10);
    if (found.sizeBytes !== null) reply.header("content-length", String(found.sizeBytes));
    return reply
      .header("content-type", "application/zip")
      .header("content-disposition", `attachment; filename="mes-donnees-${day}.zip"`)
      .header("x-content-type-options", "nosniff")
      .header("cache-control", "private, no-store")
      .send(stream);
  });

  // requireUser, not requireClient: an officer is told why its account is not closed this way.
  app.post("/me/close-account", { preHandler: requireUser }, async (request, reply) => {
    const me = currentUser(request);
    const { password } = parseBody(closeAccountSchema, request.body);
    await closeAccount({ db, auth, storage, userId: me.id, password, request });
    // The session row is gone: better-auth's sign-out only expires the browser's cookies.
    const { headers } = await auth.api.signOut({
      headers: authHeaders(request),
      returnHeaders: true,
    });
    forwardCookies(reply, headers);
    request.log.info({ userId: me.id }, "compte fermé par son titulaire");
    return reply.code(204).send();
  });

  let stopJobs: (() => Promise<void>) | undefined;
  app.addHook("onReady", async () => {
    stopJobs = startDataRightsJobs({
      db,
      storage,
      config,
      logger: app.log,
    });
  });
  app.addHook("onClose", async () => {
    await stopJobs?.();
  });
}
