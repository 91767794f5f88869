import type { FastifyInstance } from "fastify";
import type { Database } from "../db/client";
import type { Storage } from "../storage/storage";
import { AppError } from "./app-error";
import { unavailableRetryAfterSeconds } from "./database-unavailable";
import { sendError } from "./error-handler";

/** A readiness probe waits at most this long for each part: a load balancer asks every few seconds. */
const probeTimeoutMs = 2_000;

export const healthMessages = {
  database: "Service indisponible : la base de données ne répond pas.",
  storage: "Service indisponible : le stockage des documents ne répond pas.",
  both: "Service indisponible : la base de données et le stockage des documents ne répondent pas.",
  stopping: "Le serveur s'arrête : veuillez réessayer dans quelques instants.",
} as const;

type Part = "up" | "down";

async function withTimeout(task: Promise<unknown>, timeoutMs: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      task,
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error("délai dépassé")), timeoutMs);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Liveness and readiness, under /api:
 * - `GET /api/health` (as before): the process answers, with the database's state (503 when it
 *   does not answer). Tools and the journeys wait on it.
 * - `GET /api/health/ready`: what a load balancer routes by. 200 when the database and the
 *   document storage both answer; otherwise 503 naming the part that failed, in French; 503 too
 *   once the instance is stopping (SIGTERM), so that it is taken out of rotation first.
 * While stopping, every new request is answered 503 with `Connection: close` (requests already
 * in flight run to their end): a proxy sends the retry to another instance.
 */
export function registerHealth(
  app: FastifyInstance,
  { database, storage }: { database: Database; storage: Storage },
) {
  let stopping = false;
  // Fastify's own answer while closing is an English 503: ours is French (return503OnClosing off).
  app.addHook("preClose", async () => {
    stopping = true;
  });
  app.addHook("onRequest", async (request, reply) => {
    if (!stopping) return;
    reply.header("connection", "close");
    return sendError(
      request,
      reply,
      new AppError(
        "shutting_down",
        503,
        healthMessages.stopping,
        undefined,
        unavailableRetryAfterSeconds,
      ),
    );
  });

  // A request in flight when stopping began ends its connection with its answer: a kept-alive
  // connection would otherwise hold the server open until the deadline.
  app.addHook("onSend", async (_request, reply, payload) => {
    if (stopping) reply.header("connection", "close");
    return payload;
  });

  app.get("/api/health", async (_request, reply) => {
    try {
      await database.ping();
      return { status: "ok", database: "up" };
    } catch (error) {
      app.log.error({ err: error }, "base de données injoignable");
      return reply.code(503).send({ status: "error", database: "down" });
    }
  });

  app.get("/api/health/ready", async (_request, reply) => {
    const [databaseResult, storageResult] = await Promise.allSettled([
      database.ping(probeTimeoutMs),
      withTimeout(storage.check(), probeTimeoutMs),
    ]);
    const parts: { database: Part; storage: Part } = {
      database: databaseResult.status === "fulfilled" ? "up" : "down",
      storage: storageResult.status === "fulfilled" ? "up" : "down",
    };
    if (parts.database === "up" && parts.storage === "up") return { status: "ready", ...parts };
    if (databaseResult.status === "rejected") {
      app.log.warn({ err: databaseResult.reason }, "pas prêt : base de données injoignable");
    }
    if (storageResult.status === "rejected") {
      app.log.warn({ err: storageResult.reason }, "pas prêt : stockage des documents injoignable");
    }
    const message =
      parts.database === "down" && parts.storage === "down"
        ? healthMessages.both
        : parts.database === "down"
          ? healthMessages.database
          : healthMessages.storage;
    return reply
      .code(503)
      .header("retry-after", String(unavailableRetryAfterSeconds))
      .send({ status: "unavailable", ...parts, message });
  });
}
