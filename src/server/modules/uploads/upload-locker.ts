import type { Lock, Locker, RequestRelease } from "@tus/utils";
import type { FastifyBaseLogger } from "fastify";
import type pg from "pg";

// The lock tus takes on an upload for each request (HEAD, PATCH, DELETE), shared by every
// instance on one PostgreSQL server. tus's own MemoryLocker only sees its process: two instances
// behind a load balancer could both append to one upload at the same offset (a phone that lost
// its connection resumes on the other instance while the first still writes). The embedded
// database has one process by rule (the DATA_DIR lock), so it keeps the MemoryLocker.
//
// Session-level advisory locks on one connection of the instance's own: a lock is one quick
// statement, and when an instance dies its connection closes and its locks go with it, so an
// upload cut by a crash resumes at once on another instance. A request that waits asks the holder
// to let go (tus's rule: the newer request wins, the old one may be a half-open connection) with a
// NOTIFY that the holder's connection hears.

/** The advisory lock space of uploads (the two-key form: apart from the migrations' lock). */
const lockSpace = 7_427;
const releaseChannel = "upload_lock_release";

/** What a client waiting too long is told (tus would say 500 in English). */
export const uploadBusyMessage =
  "Ce fichier est en cours d'envoi depuis une autre connexion. Réessayez dans un instant.";

export type PostgresUploadLocker = Locker & {
  /** Ends the connection: every lock this instance holds is released. */
  close(): Promise<void>;
};

type Logger = Pick<FastifyBaseLogger, "warn" | "error">;

export function createPostgresUploadLocker({
  newClient,
  logger,
  acquireTimeoutMs = 30_000,
  retryMs = 100,
}: {
  /** A connection of its own (not from the pool: it holds locks for as long as uploads last). */
  newClient: () => pg.Client;
  logger: Logger;
  acquireTimeoutMs?: number;
  retryMs?: number;
}): PostgresUploadLocker {
  /** The uploads this instance holds, with the means to make their request let go. */
  const held = new Map<string, RequestRelease>();
  let connection: Promise<pg.Client> | undefined;
  let closed = false;

  function connect(): Promise<pg.Client> {
    connection ??= (async () => {
      const client = newClient();
      client.on("notification", (message) => {
        if (message.channel !== releaseChannel || !message.payload) return;
        void held.get(message.payload)?.();
      });
      client.on("error", (error) => {
        // The connection is gone, and every lock on it: the requests that thought they held one
        // stop, and the next lock opens a new connection.
        logger.error({ err: error }, "connexion des verrous de téléchargement perdue");
        connection = undefined;
        for (const release of held.values()) void release();
        held.clear();
        void client.end().catch(() => {});
      });
      try {
        await client.connect();
        await client.query(`LISTEN ${releaseChannel}`);
      } catch (error) {
        connection = undefined;
        await client.end().catch(() => {});
        throw error;
      }
      return client;
    })();
    return connection;
  }

  async function tryLock(id: string): Promise<boolean> {
    const client = await connect();
    const result = await client.query<{ locked: boolean }>(
      "select pg_try_advisory_lock($1, hashtext($2)) as locked",
      [lockSpace, id],
    );
    return result.rows[0]?.locked === true;
  }

  async function askRelease(id: string): Promise<void> {
    const local = held.get(id);
    if (local) {
      await local();
      return;
    }
    const client = await connect();
    await client.query("select pg_notify($1, $2)", [releaseChannel, id]);
  }

  function newLock(id: string): Lock {
    return {
      async lock(stopSignal, requestRelease) {
        const deadline = Date.now() + acquireTimeoutMs;
        let asked = false;
        for (;;) {
          if (!held.has(id)) {
            // Claimed here first: the advisory lock is re-entrant on this one connection, so two
            // requests of this instance are kept apart by the map, other instances by PostgreSQL.
            held.set(id, requestRelease);
            let locked = false;
            try {
              locked = await tryLock(id);
            } catch (error) {
              held.delete(id);
              throw error;
            }
            if (locked) return;
            held.delete(id);
          }
          if (stopSignal.aborted) throw new Error("verrou abandonné : requête interrompue");
          if (Date.now() > deadline) {
            throw {
              status_code: 423,
              body: JSON.stringify({ error: { code: "upload_busy", message: uploadBusyMessage } }),
            };
          }
          if (!asked) {
            asked = true;
            await askRelease(id);
          }
          await new Promise((resolve) => setTimeout(resolve, retryMs));
        }
      },
      async unlock() {
        if (!held.delete(id)) return;
        const client = await connection;
        if (!client || closed) return;
        await client.query("select pg_advisory_unlock($1, hashtext($2))", [lockSpace, id]);
      },
    };
  }

  return {
    newLock,
    async close() {
      closed = true;
      const client = await connection?.catch(() => undefined);
      connection = undefined;
      held.clear();
      await client?.end();
    },
  };
}
