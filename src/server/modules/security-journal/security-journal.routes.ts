import { Readable } from "node:stream";
import type { FastifyInstance } from "fastify";
import {
  securityEventFilterSchema,
  securityEventListQuerySchema,
} from "../../../domain/api/security-events.schema";
import { requireAdmin } from "../../auth";
import { parseQuery } from "../../http/app-error";
import { securityExportFileName, securityJournalCsv } from "./security-journal.csv";
import { listSecurityEvents, startSecurityJournalPruning } from "./security-journal.service";

/** The officers' reading of the security journal (/admin/journal), and its daily pruning. */
export async function securityJournalRoutes(app: FastifyInstance) {
  const { db } = app.deps;

  let stopPruning: (() => Promise<void>) | undefined;
  app.addHook("onReady", async () => {
    stopPruning = startSecurityJournalPruning({ db, logger: app.log });
  });
  app.addHook("onClose", async () => {
    await stopPruning?.();
  });

  app.get("/admin/security-events", { preHandler: requireAdmin }, async (request) => {
    const { page, pageSize, ...filter } = parseQuery(securityEventListQuerySchema, request.query);
    return listSecurityEvents({ db, filter, page, pageSize });
  });

  app.get(
    "/admin/security-events/export.csv",
    { preHandler: requireAdmin },
    async (request, reply) => {
      const filter = parseQuery(securityEventFilterSchema, request.query);
      const body = Readable.from(securityJournalCsv({ db, filter }), { objectMode: false });
      body.on("error", (error) =>
        request.log.error({ err: error }, "export du journal interrompu"),
      );
      return reply
        .header("content-type", "text/csv; charset=utf-8")
        .header("content-disposition", `attachment; filename="${securityExportFileName()}"`)
        .send(body);
    },
  );
}
