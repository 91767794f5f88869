import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { hostname } from "node:os";
import { join } from "node:path";
import lockfile from "proper-lockfile";

export type DataDirLock = { release(): Promise<void> };

export class DataDirLockedError extends Error {
  constructor(
    public readonly dataDir: string,
    owner: string,
  ) {
    super(
      `Le dossier de données ${dataDir} est déjà utilisé par un autre processus de la plateforme (${owner}). Arrêtez-le ou choisissez un autre DATA_DIR.`,
    );
    this.name = "DataDirLockedError";
  }
}

const lockName = ".platform.lock";
const ownerFile = ".platform.lock-owner.json";
/** A lock not refreshed for this long is a dead process's: the next start takes it over. */
const defaultStaleMs = 20_000;

/**
 * Takes the exclusive lock of DATA_DIR: the embedded database (PGlite) has no lock of its own and
 * two processes opening it corrupt it. The lock is a directory created atomically inside DATA_DIR
 * (proper-lockfile), refreshed every few seconds, so a crashed process leaves a stale lock that
 * the next start takes over after `staleMs`. `purpose` says who holds it, for the refusal message.
 */
export async function lockDataDir(
  dataDir: string,
  options: { purpose: string; onCompromised?: (error: Error) => void; staleMs?: number },
): Promise<DataDirLock> {
  mkdirSync(dataDir, { recursive: true });
  let release: () => Promise<void>;
  try {
    release = await lockfile.lock(dataDir, {
      ...lockFile(dataDir, options.staleMs),
      retries: 0,
      onCompromised:
        options.onCompromised ??
        ((error) => {
          throw error;
        }),
    });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ELOCKED") {
      throw new DataDirLockedError(dataDir, describeOwner(dataDir));
    }
    throw error;
  }
  const owner = {
    pid: process.pid,
    host: hostname(),
    purpose: options.purpose,
    since: new Date().toISOString(),
  };
  writeFileSync(join(dataDir, ownerFile), JSON.stringify(owner), { mode: 0o600 });
  let released = false;
  return {
    async release() {
      if (released) return;
      released = true;
      rmSync(join(dataDir, ownerFile), { force: true });
      await release().catch(() => {});
    },
  };
}

/** Whether a start would be refused now: the lock is held and not yet stale. */
export function isDataDirLocked(dataDir: string, staleMs?: number): Promise<boolean> {
  return lockfile.check(dataDir, lockFile(dataDir, staleMs));
}

/** Where the lock lives and when it is stale: the same for taking it and for looking at it. */
function lockFile(dataDir: string, staleMs = defaultStaleMs) {
  return { lockfilePath: join(dataDir, lockName), stale: staleMs, realpath: false };
}

function describeOwner(dataDir: string): string {
  try {
    const owner = JSON.parse(readFileSync(join(dataDir, ownerFile), "utf8")) as {
      pid?: number;
      host?: string;
      purpose?: string;
      since?: string;
    };
    const parts = [
      owner.purpose ?? "processus",
      owner.pid ? `PID ${owner.pid}` : undefined,
      owner.host ? `sur ${owner.host}` : undefined,
      owner.since ? `depuis ${owner.since}` : undefined,
    ].filter(Boolean);
    return parts.join(", ");
  } catch {
    return "processus inconnu";
  }
}
