import { execFile } from "node:child_process";
import { chmodSync, chownSync, existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { freePort } from "./server-process";

const run = promisify(execFile);

/** Debian's PostgreSQL 15 server programs (package postgresql-15). */
const binDir = process.env.PG_BIN_DIR ?? "/usr/lib/postgresql/15/bin";

/**
 * A PostgreSQL cluster of the test's own, in a temporary directory on a free port, that the test
 * may stop and start (never the shared server). initdb and the server refuse to run as root:
 * when the test runs as root they run as the `postgres` user (runuser).
 */
export type PrivatePostgres = {
  url: string;
  port: number;
  start(): Promise<void>;
  /** `fast`: the connections are cut, as when an operator restarts the server. */
  stop(mode?: "fast" | "immediate"): Promise<void>;
  destroy(): Promise<void>;
};

/** Whether this machine can start a private cluster (the server programs are installed). */
export function canRunPrivatePostgres(): boolean {
  if (!existsSync(join(binDir, "initdb")) || !existsSync(join(binDir, "pg_ctl"))) return false;
  return process.getuid?.() !== 0 || existsSync("/usr/sbin/runuser");
}

async function asPostgres(program: string, args: string[]) {
  const path = join(binDir, program);
  if (process.getuid?.() === 0) {
    return run("/usr/sbin/runuser", ["-u", "postgres", "--", path, ...args]);
  }
  return run(path, args);
}

export async function createPrivatePostgres(): Promise<PrivatePostgres> {
  const root = mkdtempSync(join(tmpdir(), "pret-private-pg-"));
  const dataDir = join(root, "data");
  if (process.getuid?.() === 0) {
    const { stdout } = await run("id", ["-u", "postgres"]);
    const { stdout: gid } = await run("id", ["-g", "postgres"]);
    chownSync(root, Number(stdout.trim()), Number(gid.trim()));
  }
  chmodSync(root, 0o700);
  await asPostgres("initdb", ["-D", dataDir, "-U", "postgres", "--auth=trust", "-E", "UTF8"]);
  const port = await freePort();
  const options = `-p ${port} -k ${root} -c listen_addresses=127.0.0.1 -c fsync=off`;
  const cluster: PrivatePostgres = {
    port,
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    async start() {
      await asPostgres("pg_ctl", [
        "-D",
        dataDir,
        "-o",
        options,
        "-l",
        join(root, "log"),
        "-w",
        "start",
      ]);
    },
    async stop(mode = "fast") {
      await asPostgres("pg_ctl", ["-D", dataDir, "-m", mode, "-w", "stop"]);
    },
    async destroy() {
      await cluster.stop("immediate").catch(() => {});
      rmSync(root, { recursive: true, force: true });
    },
  };
  await cluster.start();
  return cluster;
}
