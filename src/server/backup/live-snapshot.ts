import { chmodSync, existsSync, mkdirSync, rmSync } from "node:fs";
import { createConnection, createServer, type Server } from "node:net";
import { join } from "node:path";
import type { Database } from "../db/client";

// A backup of the embedded database while the server runs. PGlite is one process's: the backup
// command cannot open the data directory the server holds, and copying it file by file while
// the server writes is no consistent image. So the server answers one question on a Unix socket
// in DATA_DIR: "an image of your data directory", taken at one instant (Database.dumpDataDir);
// the command opens that image in memory and backs it up as it would a stopped database.
//
// Who may ask: the socket lives in a directory of mode 700 owned by the server's user, so only
// that user (who can read DATA_DIR/pgdata anyway) and root can connect. No network, no HTTP.

const requestLine = "dump-data-dir\n";

/** The control directory and socket; Unix sockets' paths are limited to about 107 bytes. */
export function backupSocketPath(dataDir: string): string {
  return join(dataDir, "run", "backup.sock");
}

export class LiveSnapshotUnavailableError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "LiveSnapshotUnavailableError";
  }
}

/**
 * Starts answering on DATA_DIR/run/backup.sock (the server holds DATA_DIR's lock: a socket file
 * left there is a crashed server's and is replaced). Resolves to the function that stops it.
 */
export async function serveLiveSnapshots({
  dataDir,
  database,
  onError,
}: {
  dataDir: string;
  database: Database;
  onError: (error: unknown) => void;
}): Promise<() => Promise<void>> {
  const dump = database.dumpDataDir?.bind(database);
  if (!dump) throw new Error("live snapshots need the embedded database");
  const path = backupSocketPath(dataDir);
  mkdirSync(join(dataDir, "run"), { recursive: true, mode: 0o700 });
  // mkdir's mode is masked by the umask and leaves an existing directory as it was.
  chmodSync(join(dataDir, "run"), 0o700);
  rmSync(path, { force: true });
  let busy = false;
  const server: Server = createServer((socket) => {
    socket.on("error", () => {});
    let received = "";
    socket.setEncoding("utf8");
    socket.setTimeout(30_000, () => socket.destroy());
    socket.on("data", (chunk: string) => {
      received += chunk;
      if (!received.includes("\n")) {
        if (received.length > 100) socket.destroy();
        return;
      }
      socket.removeAllListeners("data");
      socket.setTimeout(0);
      if (received !== requestLine) {
        socket.end(`${JSON.stringify({ ok: false, message: "requête inconnue" })}\n`);
        return;
      }
      if (busy) {
        socket.end(
          `${JSON.stringify({ ok: false, message: "une sauvegarde est déjà en cours" })}\n`,
        );
        return;
      }
      busy = true;
      void (async () => {
        try {
          const image = Buffer.from(await (await dump()).arrayBuffer());
          socket.write(`${JSON.stringify({ ok: true, bytes: image.length })}\n`);
          socket.end(image);
        } catch (error) {
          onError(error);
          socket.end(`${JSON.stringify({ ok: false, message: "image de la base impossible" })}\n`);
        } finally {
          busy = false;
        }
      })();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(path, () => {
      server.off("error", reject);
      resolve();
    });
  });
  chmodSync(path, 0o600);
  return () =>
    new Promise<void>((resolve) => {
      server.close(() => resolve());
      rmSync(path, { force: true });
    });
}

/** Asks the running server for an image of its data directory (a tarball for PGlite). */
export async function fetchLiveSnapshot(dataDir: string, timeoutMs = 600_000): Promise<Blob> {
  const path = backupSocketPath(dataDir);
  if (!existsSync(path)) {
    throw new LiveSnapshotUnavailableError(
      `le serveur n'offre pas de sauvegarde en marche (${path} absent : version antérieure, ou démarré par un autre utilisateur)`,
    );
  }
  return new Promise<Blob>((resolve, reject) => {
    const socket = createConnection(path);
    const chunks: Buffer[] = [];
    socket.setTimeout(timeoutMs, () =>
      socket.destroy(new LiveSnapshotUnavailableError("le serveur ne répond pas")),
    );
    socket.on("data", (chunk: Buffer) => chunks.push(chunk));
    socket.on("error", (error: NodeJS.ErrnoException) =>
      reject(
        error instanceof LiveSnapshotUnavailableError
          ? error
          : new LiveSnapshotUnavailableError(
              error.code === "EACCES"
                ? `accès refusé à ${path} : lancez la commande sous l'utilisateur du serveur`
                : `${path} : ${error.message}`,
            ),
      ),
    );
    socket.on("end", () => {
      const all = Buffer.concat(chunks);
      const newline = all.indexOf(0x0a);
      let header: { ok: boolean; bytes?: number; message?: string };
      try {
        header = JSON.parse(all.subarray(0, newline).toString("utf8"));
      } catch {
        reject(new LiveSnapshotUnavailableError("réponse du serveur illisible"));
        return;
      }
      if (!header.ok) {
        reject(new LiveSnapshotUnavailableError(header.message ?? "refusé par le serveur"));
        return;
      }
      const image = all.subarray(newline + 1);
      if (image.length !== header.bytes) {
        reject(new LiveSnapshotUnavailableError("image de la base incomplète"));
        return;
      }
      resolve(new Blob([image], { type: "application/x-tar" }));
    });
    socket.write(requestLine);
  });
}
