import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, test } from "vitest";
import {
  cookieOf,
  killServerProcesses,
  type ServerProcess,
  startServerProcess,
  waitUntilReady,
} from "./test/server-process";
import { slowPatch } from "./test/slow-patch";
import { newIdentity } from "./test/test-app";
import { pdfFile } from "./test/test-files";

// SIGTERM on a real process: new connections are refused at once, a tus upload in flight runs
// to its end, the process exits 0; past SHUTDOWN_TIMEOUT_MS the connections are cut and it exits 1.

const dirs: string[] = [];

afterAll(() => {
  killServerProcesses();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

async function startPlatform(env: Record<string, string> = {}) {
  const dataDir = mkdtempSync(join(tmpdir(), "pret-shutdown-"));
  dirs.push(dataDir);
  const server = await startServerProcess({
    DATA_DIR: dataDir,
    RATE_LIMIT_DISABLED: "true",
    ...env,
  });
  await waitUntilReady(server);
  return server;
}

async function signedUpClient(server: ServerProcess): Promise<string> {
  const response = await fetch(`${server.origin}/api/register`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: server.origin },
    body: JSON.stringify(newIdentity()),
  });
  expect(response.status).toBe(201);
  return cookieOf(response);
}

async function createUpload(server: ServerProcess, cookie: string, size: number) {
  const response = await fetch(`${server.origin}/api/uploads`, {
    method: "POST",
    headers: {
      cookie,
      origin: server.origin,
      "tus-resumable": "1.0.0",
      "upload-length": String(size),
      "upload-metadata": `filename ${Buffer.from("releve.pdf").toString("base64")}`,
    },
  });
  expect(response.status).toBe(201);
  return response.headers.get("location") as string;
}

async function connectionRefused(server: ServerProcess): Promise<boolean> {
  try {
    const response = await fetch(`${server.origin}/api/health/ready`);
    await response.arrayBuffer();
    // Answered while stopping: only a 503 is acceptable.
    return response.status === 503;
  } catch {
    return true;
  }
}

describe("SIGTERM", () => {
  test("refuses new requests, lets an upload in flight finish, then exits 0", async () => {
    const server = await startPlatform({ SHUTDOWN_TIMEOUT_MS: "20000" });
    const cookie = await signedUpClient(server);
    const bytes = pdfFile("relevé de compte", 256 * 1024);
    const path = await createUpload(server, cookie, bytes.length);
    // About three seconds of sending.
    const upload = slowPatch(server, path, cookie, bytes, { chunks: 16, gapMs: 200 });
    await upload.started;
    await new Promise((resolve) => setTimeout(resolve, 300));
    const signalledAt = performance.now();
    server.child.kill("SIGTERM");
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await connectionRefused(server)).toBe(true);

    const answer = await upload.answer;
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body ?? "{}").upload).toMatchObject({
      fileName: "releve.pdf",
      fileType: "application/pdf",
      fileSize: bytes.length,
    });
    expect(await server.exited).toBe(0);
    const stoppedAfter = performance.now() - signalledAt;
    // The upload's remaining seconds, not the 20 s deadline.
    expect(stoppedAfter).toBeLessThan(15_000);
    expect(server.output()).toContain("plateforme arrêtée");
    expect(server.output()).not.toContain("délai d'arrêt dépassé");
  }, 180_000);

  test("past SHUTDOWN_TIMEOUT_MS, a request that does not end is cut and the process exits 1", async () => {
    const server = await startPlatform({ SHUTDOWN_TIMEOUT_MS: "1500" });
    const cookie = await signedUpClient(server);
    const bytes = pdfFile("relevé interrompu", 128 * 1024);
    const path = await createUpload(server, cookie, bytes.length);
    // Half of it, then nothing: a phone that lost its network mid-upload.
    const upload = slowPatch(server, path, cookie, bytes, {
      chunks: 8,
      gapMs: 50,
      stallAfter: 4,
    });
    await upload.started;
    await new Promise((resolve) => setTimeout(resolve, 500));
    const signalledAt = performance.now();
    server.child.kill("SIGTERM");
    expect(await server.exited).toBe(1);
    const stoppedAfter = performance.now() - signalledAt;
    expect(stoppedAfter).toBeGreaterThanOrEqual(1_400);
    expect(stoppedAfter).toBeLessThan(8_000);
    expect(server.output()).toContain("délai d'arrêt dépassé");
    expect(server.output()).toContain("plateforme arrêtée");
    const answer = await upload.answer;
    expect(answer.status === undefined || answer.status >= 400).toBe(true);
  }, 180_000);
});
