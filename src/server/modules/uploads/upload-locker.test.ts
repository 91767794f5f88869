import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Readable } from "node:stream";
import type { Lock, RequestRelease } from "@tus/utils";
import pg from "pg";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createFilesystemStorage } from "../../storage/filesystem-storage";
import type { Storage } from "../../storage/storage";
import {
  createTestApp,
  createUpload,
  patchUpload,
  registerClient,
  type TestApp,
} from "../../test/test-app";
import { pdfFile } from "../../test/test-files";
import {
  createPostgresUploadLocker,
  type PostgresUploadLocker,
  uploadBusyMessage,
} from "./upload-locker";

// The upload lock shared by the instances on one PostgreSQL server (issue 16's several
// instances; tus's MemoryLocker sees one process only). Runs where TEST_DATABASE_URL names a
// server, as CI's API suite does; the embedded database keeps tus's own lock (one process).

const serverUrl = process.env.TEST_DATABASE_URL;
const logger = pino({ level: "silent" });

function locker(options: { acquireTimeoutMs?: number } = {}): PostgresUploadLocker {
  return createPostgresUploadLocker({
    newClient: () => new pg.Client({ connectionString: serverUrl }),
    logger,
    retryMs: 20,
    ...options,
  });
}

/** Takes a lock; `released` counts the times its holder was asked to let go. */
async function take(lock: Lock, signal = new AbortController().signal) {
  const asked = { count: 0 };
  const release: RequestRelease = async () => {
    asked.count += 1;
  };
  await lock.lock(signal, release);
  return asked;
}

const uploadId = () => `verrou-${Date.now()}-${Math.random().toString(36).slice(2)}`;

describe.skipIf(!serverUrl)("upload lock across instances (PostgreSQL)", () => {
  const lockers: PostgresUploadLocker[] = [];
  const make = (options?: { acquireTimeoutMs?: number }) => {
    const made = locker(options);
    lockers.push(made);
    return made;
  };
  afterAll(async () => {
    await Promise.all(lockers.map((made) => made.close()));
  });

  test("a second instance waits, asks the holder to let go, and gets the lock once it does", async () => {
    const [a, b] = [make(), make()];
    const id = uploadId();
    const first = a.newLock(id);
    const asked = await take(first);
    let acquired = false;
    const second = take(b.newLock(id)).then(() => {
      acquired = true;
    });
    // The holder hears the request through PostgreSQL (NOTIFY), not through shared memory.
    await expect.poll(() => asked.count, { timeout: 5_000 }).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(acquired).toBe(false);
    await first.unlock();
    await second;
    expect(acquired).toBe(true);
  });

  test("two requests of one instance exclude each other too", async () => {
    const a = make();
    const id = uploadId();
    const first = a.newLock(id);
    const asked = await take(first);
    let acquired = false;
    const second = take(a.newLock(id)).then(() => {
      acquired = true;
    });
    await expect.poll(() => asked.count).toBe(1);
    expect(acquired).toBe(false);
    await first.unlock();
    await second;
    expect(acquired).toBe(true);
  });

  test("an instance that dies frees its uploads at once", async () => {
    const a = locker();
    const b = make();
    const id = uploadId();
    await take(a.newLock(id));
    // The process gone, its connection closes (close() without unlock, as a crash would).
    await a.close();
    const started = Date.now();
    await take(b.newLock(id));
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  test("a holder that never lets go: the waiting request is refused in French (423), not a 500", async () => {
    const a = make();
    const b = make({ acquireTimeoutMs: 300 });
    const id = uploadId();
    await take(a.newLock(id));
    await expect(take(b.newLock(id))).rejects.toMatchObject({
      status_code: 423,
      body: JSON.stringify({ error: { code: "upload_busy", message: uploadBusyMessage } }),
    });
  });

  test("different uploads do not wait for each other", async () => {
    const [a, b] = [make(), make()];
    await take(a.newLock(uploadId()));
    const started = Date.now();
    await take(b.newLock(uploadId()));
    expect(Date.now() - started).toBeLessThan(1_000);
  });
});

describe.skipIf(!serverUrl)("one upload resumed on two instances at once", () => {
  let dir: string;
  let storage: Storage;
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), "pret-verrou-"));
    // One storage for both, as instances behind a load balancer share their bucket.
    storage = createFilesystemStorage(dir);
    a = await createTestApp({ storage });
    b = await createTestApp({ sharedWith: a, storage });
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
    await rm(dir, { recursive: true, force: true });
  });

  test("the two PATCHes never write together, and the file ends byte-exact", async () => {
    const client = await registerClient(a.app);
    const bytes = pdfFile("verrou partagé", 600_000);
    for (let round = 0; round < 6; round += 1) {
      const { path } = await createUpload(a.app, client.cookie, { size: bytes.length });
      if (!path) throw new Error("no upload");
      // The same bytes from offset 0 through each instance at once (a phone that reconnected
      // to the other instance while its first request still runs).
      const answers = await Promise.all([
        tricklePatch(a, client.cookie, path, bytes),
        tricklePatch(b, client.cookie, path, bytes),
      ]);
      for (const answer of answers) expect(answer.statusCode).toBeLessThan(500);
      // Both writing from offset 0 at once is what the lock forbids: once one has written, the
      // other's offset is stale (409). Without a shared lock both were accepted, which on object
      // storage means two sets of parts for one upload.
      const accepted = answers.filter((answer) => answer.statusCode < 300);
      expect(accepted.length).toBeLessThanOrEqual(1);
      // Whatever the order, the offset the server gives is what it holds: the rest completes it.
      const head = await b.app.inject({
        method: "HEAD",
        url: path,
        headers: { cookie: client.cookie, "tus-resumable": "1.0.0" },
      });
      const offset = Number(head.headers["upload-offset"]);
      if (offset < bytes.length) {
        const rest = await patchUpload(a.app, client.cookie, path, offset, bytes.subarray(offset));
        expect(rest.statusCode).toBe(200);
      }
      const id = path.split("/").pop() as string;
      const stored = await readAll(storage, storage.uploadKey(id));
      expect(stored.equals(bytes)).toBe(true);
    }
  });
});

/** A PATCH from offset 0 whose body comes in pieces (a phone's upload), so two overlap. */
function tricklePatch(instance: TestApp, cookie: string, path: string, bytes: Buffer) {
  const pieces = 8;
  const size = Math.ceil(bytes.length / pieces);
  async function* body() {
    for (let index = 0; index < pieces; index += 1) {
      yield bytes.subarray(index * size, (index + 1) * size);
      await new Promise((resolve) => setTimeout(resolve, 15));
    }
  }
  return instance.app.inject({
    method: "PATCH",
    url: path,
    headers: {
      cookie,
      "tus-resumable": "1.0.0",
      "upload-offset": "0",
      "content-type": "application/offset+octet-stream",
      "content-length": String(bytes.length),
    },
    payload: Readable.from(body()),
  });
}

async function readAll(storage: Storage, key: string): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of await storage.read(key)) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks);
}
