import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { createServer } from "node:net";
import pg from "pg";
import { projectRoot } from "../project-root";

// Real server processes for the tests that need them (several instances, SIGTERM, a database
// outage): `node --import tsx src/server/main.ts`, so that the test runs the code under test
// without a build, and child.pid is the server itself (a signal reaches it).

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() =>
        typeof address === "object" && address ? resolve(address.port) : reject(new Error("port")),
      );
    });
  });
}

export type ServerProcess = {
  child: ChildProcess;
  port: number;
  origin: string;
  /** The exit code once it has exited. */
  exited: Promise<number | null>;
  /** Everything written to stdout and stderr so far. */
  output(): string;
  /** SIGKILL if still running (afterAll). */
  kill(): void;
};

const running = new Set<ChildProcess>();

/** Starts the server with these settings on a free port (HOST 127.0.0.1, NODE_ENV production). */
export async function startServerProcess(env: Record<string, string>): Promise<ServerProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, ["--import", "tsx", "src/server/main.ts"], {
    cwd: projectRoot(),
    env: {
      ...process.env,
      LOG_LEVEL: "info",
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      ...env,
      PORT: String(port),
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  running.add(child);
  let output = "";
  child.stdout?.on("data", (chunk) => {
    output += String(chunk);
  });
  child.stderr?.on("data", (chunk) => {
    output += String(chunk);
  });
  const exited = new Promise<number | null>((resolve) =>
    child.on("exit", (code) => {
      running.delete(child);
      resolve(code);
    }),
  );
  return {
    child,
    port,
    origin: `http://127.0.0.1:${port}`,
    exited,
    output: () => output,
    kill: () => {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
    },
  };
}

/** Kills whatever server process a test file left running. */
export function killServerProcesses(): void {
  for (const child of running) child.kill("SIGKILL");
}

/** Resolves once `path` answers 200 (default: the readiness answer). */
export async function waitUntilReady(
  server: ServerProcess,
  { timeoutMs = 90_000, path = "/api/health/ready" } = {},
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.child.exitCode !== null) {
      throw new Error(`server exited early (${server.child.exitCode}):\n${server.output()}`);
    }
    try {
      const response = await fetch(`${server.origin}${path}`);
      await response.arrayBuffer();
      if (response.status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`server on ${server.port} not ready after ${timeoutMs} ms:\n${server.output()}`);
}

/** The Cookie header a browser would send back after this answer. */
export function cookieOf(response: Response): string {
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0])
    .join("; ");
}

/**
 * A throwaway database on the server of `TEST_DATABASE_URL` (a whole database, not a schema: the
 * server processes run their own migrations into it, as in production). Dropped by drop().
 */
export async function createScratchDatabase(
  serverUrl: string,
  prefix: string,
): Promise<{ url: string; drop(): Promise<void> }> {
  const base = new URL(serverUrl);
  const name = `${decodeURIComponent(base.pathname.slice(1)) || "test"}_${prefix}_${randomBytes(4).toString("hex")}`;
  const run = async (text: string) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      await client.query(text);
    } finally {
      await client.end();
    }
  };
  await run(`create database "${name}"`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => run(`drop database if exists "${name}" with (force)`),
  };
}
