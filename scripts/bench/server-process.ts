// Starts the built server (build/server/main.js) on a free port for benchmarks and tools.
import { type ChildProcess, spawn } from "node:child_process";
import { readFile } from "node:fs/promises";
import { createServer } from "node:net";
import { nextTotpCode } from "../../src/server/test/totp";

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

export type RunningServer = {
  url: string;
  child: ChildProcess;
  /** Milliseconds from spawn to the first healthy answer. */
  readyAfterMs: number;
  stop(): Promise<void>;
};

/**
 * `entry`: another build of the server (e.g. a copy of the previous one, to compare with);
 * `nodeArgs`: options for node itself (e.g. `--import` of a probe).
 */
export async function startServer(
  env: Record<string, string>,
  entry = "build/server/main.js",
  nodeArgs: string[] = [],
): Promise<RunningServer> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const started = performance.now();
  const child = spawn(process.execPath, [...nodeArgs, entry], {
    env: { ...process.env, LOG_LEVEL: "warn", ...env, PORT: String(port), HOST: "127.0.0.1" },
    stdio: ["ignore", "ignore", "pipe"],
  });
  let stderr = "";
  child.stderr?.on("data", (chunk) => {
    stderr += String(chunk);
  });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${stderr}`);
    try {
      const response = await fetch(`${url}/api/health`);
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    if (performance.now() - started > 60_000) throw new Error("server not healthy after 60 s");
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  const readyAfterMs = performance.now() - started;
  return {
    url,
    child,
    readyAfterMs,
    async stop() {
      child.kill("SIGTERM");
      await exited;
    },
  };
}

/** The Cookie header after `response`: its Set-Cookie replace (or, emptied, remove) `previous`'s. */
function cookieHeader(response: Response, previous = ""): string {
  const jar = new Map(
    previous
      .split("; ")
      .filter(Boolean)
      .map((pair) => [pair.slice(0, pair.indexOf("=")), pair] as const),
  );
  for (const cookie of response.headers.getSetCookie()) {
    const pair = cookie.split(";")[0] ?? "";
    const name = pair.slice(0, pair.indexOf("="));
    if (pair.endsWith("=")) jar.delete(name);
    else jar.set(name, pair);
  }
  return [...jar.values()].join("; ");
}

async function postJson(origin: string, path: string, body: unknown, cookie = "") {
  const response = await fetch(`${origin}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", origin, ...(cookie ? { cookie } : {}) },
    body: JSON.stringify(body),
  });
  if (response.status !== 200) {
    throw new Error(`POST ${path} failed: ${response.status} ${await response.text()}`);
  }
  return response;
}

// Officers reach /api/admin only with a second factor (issue 17): an officer without one is
// enrolled at its first sign-in here, through the real routes, and its key kept for this
// process's later sign-ins (the code computed as an authenticator app would).
const officerKeys = new Map<string, string>();

/** Signs in through the real routes; returns the Cookie header the browser would send back. */
export async function signIn(origin: string, email: string, password: string): Promise<string> {
  const response = await postJson(origin, "/api/session", { email, password, rememberMe: true });
  const cookie = cookieHeader(response);
  const answer = (await response.json()) as {
    user: { role: string; twoFactorEnabled: boolean } | null;
    twoFactorRequired?: boolean;
  };
  if (answer.twoFactorRequired) {
    const key = officerKeys.get(email);
    if (!key) throw new Error(`${email} has a second factor whose key this run does not know`);
    const code = { code: await nextTotpCode(key), trustDevice: false };
    return cookieHeader(await postJson(origin, "/api/session/two-factor", code, cookie), cookie);
  }
  if (answer.user?.role !== "admin" || answer.user.twoFactorEnabled) return cookie;
  const started = await postJson(origin, "/api/me/two-factor", { password }, cookie);
  const { key } = (await started.json()) as { key: string };
  const confirmed = await postJson(
    origin,
    "/api/me/two-factor/confirm",
    { code: await nextTotpCode(key) },
    cookie,
  );
  officerKeys.set(email, key);
  return cookieHeader(confirmed, cookie);
}

/** Resident memory of a process in MiB (Linux). */
export async function rssMiB(pid: number | undefined): Promise<number> {
  if (!pid) return Number.NaN;
  const status = await readFile(`/proc/${pid}/status`, "utf8");
  const match = /VmRSS:\s+(\d+)\s+kB/.exec(status);
  return match ? Number(match[1]) / 1024 : Number.NaN;
}
