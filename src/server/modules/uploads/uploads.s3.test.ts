import http from "node:http";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { maxUploadBytes } from "../../../domain/document-category";
import { fileMessages } from "../../../domain/file-type";
import { documents, uploads } from "../../db/schema";
import type { S3Storage } from "../../storage/s3-storage";
import { startS3Server, type TestS3Server } from "../../test/s3-server";
import {
  createTestApp,
  createUpload,
  errorOf,
  patchUpload,
  registerClient,
  type TestApp,
  type TestClient,
  uploadFile,
} from "../../test/test-app";
import { pdfFile } from "../../test/test-files";
import { sweepStaleUploads, uploadLifetimeMs } from "./uploads.service";

/**
 * The upload journey with the S3 driver, on a real S3-protocol server (s3rver in a process of its
 * own): tus writes straight to the bucket, a document takes the finished object's key over, and
 * the 10 MiB limit, the sniffing of first bytes, termination and the sweeper leave nothing behind:
 * no object, no tus metadata, no multipart upload holding parts.
 */
let s3: TestS3Server;
let storage: S3Storage;
let t: TestApp;
let alice: TestClient;

beforeAll(async () => {
  s3 = await startS3Server();
  storage = await s3.storage();
  t = await createTestApp({ storage });
  alice = await registerClient(t.app);
});

afterAll(async () => {
  await t?.close();
  await s3?.close();
});

const tus = { "tus-resumable": "1.0.0" };
const hour = 60 * 60 * 1000;

function head(path: string) {
  return t.app.inject({ method: "HEAD", url: path, headers: { ...tus, cookie: alice.cookie } });
}

async function started(size: number, fileName = "document.pdf") {
  const { response, path } = await createUpload(t.app, alice.cookie, { size, fileName });
  expect(response.statusCode, response.body).toBe(201);
  if (!path) throw new Error("no Location");
  return { path, id: path.split("/").pop() ?? "" };
}

async function uploadRow(id: string) {
  const [row] = await t.database.db.select().from(uploads).where(eq(uploads.id, id));
  return row;
}

/** Nothing of the upload in the bucket: no object, no metadata, no pending part or parts. */
async function expectNothingStored(id: string) {
  for (const key of [id, `${id}.info`, `${id}.part`]) expect(await storage.exists(key)).toBe(false);
  expect(s3.pendingMultipartKeys(storage.bucket)).not.toContain(id);
}

async function attach(uploadId: string, name = "Pièce") {
  const response = await t.app.inject({
    method: "POST",
    url: "/api/documents",
    headers: { cookie: alice.cookie },
    payload: { name, category: "identite", uploadId },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().document.id as string;
}

async function served(documentId: string) {
  return t.app.inject({
    url: `/api/documents/${documentId}/file`,
    headers: { cookie: alice.cookie },
  });
}

describe("uploads on S3", () => {
  it("resumes a 10 MB upload cut at half, then serves the very bytes from the object tus completed", async () => {
    const file = pdfFile("dix mégaoctets", 10_000_000);
    const half = 5_000_000;
    const { path, id } = await started(file.length, "releve.pdf");

    const first = await patchUpload(t.app, alice.cookie, path, 0, file.subarray(0, half));
    expect(first.statusCode).toBe(204);
    expect(first.headers["upload-offset"]).toBe(String(half));
    // Under S3's 5 MiB part minimum: kept as tus's pending part, nothing complete yet.
    expect(await storage.exists(id)).toBe(false);
    expect(await storage.size(`${id}.part`)).toBe(half);

    const resumed = await head(path);
    expect(resumed.statusCode).toBe(200);
    expect(resumed.headers["upload-offset"]).toBe(String(half));

    const rest = await patchUpload(t.app, alice.cookie, path, half, file.subarray(half));
    expect(rest.statusCode, rest.body).toBe(200);
    expect(rest.json().upload).toMatchObject({
      id,
      fileType: "application/pdf",
      fileSize: 10_000_000,
    });
    expect(await storage.size(id)).toBe(file.length);
    expect(await storage.exists(`${id}.part`)).toBe(false);
    expect(s3.pendingMultipartKeys(storage.bucket)).not.toContain(id);

    const documentId = await attach(id, "Relevé");
    // The document took the upload's object over: the same key, no copy made.
    const [row] = await t.database.db.select().from(documents).where(eq(documents.id, documentId));
    expect(row?.storageKey).toBe(storage.uploadKey(id));
    const listed: string[] = [];
    for await (const stored of storage.list()) listed.push(stored.key);
    expect(listed).toEqual([id]);

    const response = await served(documentId);
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("application/pdf");
    expect(response.rawPayload.equals(file)).toBe(true);

    // Deleting the document removes its object and tus's metadata beside it.
    const deleted = await t.app.inject({
      method: "DELETE",
      url: `/api/documents/${documentId}`,
      headers: { cookie: alice.cookie },
    });
    expect(deleted.statusCode).toBe(204);
    await expectNothingStored(id);
  }, 120_000);

  it("keeps the bytes that reached the server before a real connection was cut", async () => {
    const origin = await t.app.listen({ port: 0, host: "127.0.0.1" });
    const file = pdfFile("coupure réseau", 3_000_000);
    const half = 1_200_000;
    const { path, id } = await started(file.length, "coupure.pdf");
    const request = http.request(`${origin}${path}`, {
      method: "PATCH",
      headers: {
        ...tus,
        cookie: alice.cookie,
        "upload-offset": "0",
        "content-type": "application/offset+octet-stream",
        "content-length": String(file.length),
      },
    });
    const closed = new Promise<void>((resolve) => {
      request.on("error", () => resolve());
      request.on("close", () => resolve());
    });
    request.write(file.subarray(0, half));
    await new Promise((resolve) => setTimeout(resolve, 500));
    request.destroy();
    await closed;
    // The server ends the PATCH's stream cleanly, then stores what it had as tus's pending part.
    for (let tries = 0; (await storage.size(`${id}.part`)) === null; tries += 1) {
      if (tries > 100) throw new Error("the bytes received before the cut were not kept");
      await new Promise((resolve) => setTimeout(resolve, 100));
    }

    // Whatever the server had read when the connection dropped is in the bucket, and HEAD says so.
    const afterCut = await head(path);
    expect(afterCut.statusCode).toBe(200);
    const offset = Number(afterCut.headers["upload-offset"]);
    expect(offset).toBeGreaterThan(0);
    expect(offset).toBeLessThanOrEqual(half);
    expect(await storage.size(`${id}.part`)).toBe(offset);

    const rest = await patchUpload(t.app, alice.cookie, path, offset, file.subarray(offset));
    expect(rest.statusCode, rest.body).toBe(200);
    const response = await served(await attach(id));
    expect(response.rawPayload.equals(file)).toBe(true);
  }, 60_000);

  it("refuses more than 10 MiB, at creation and midway, and keeps nothing of the refused upload", async () => {
    const tooBig = await createUpload(t.app, alice.cookie, { size: maxUploadBytes + 1 });
    expect(tooBig.response.statusCode).toBe(413);

    const { path, id } = await started(1000);
    const first = await patchUpload(
      t.app,
      alice.cookie,
      path,
      0,
      pdfFile("début", 500).subarray(0, 500),
    );
    expect(first.statusCode).toBe(204);
    const response = await patchUpload(
      t.app,
      alice.cookie,
      path,
      500,
      Buffer.alloc(2 * 1024 * 1024, 1),
    );
    expect(response.statusCode).toBe(413);
    expect(errorOf(response)).toEqual({ code: "file_too_large", message: fileMessages.tooLarge });
    expect(await uploadRow(id)).toBeUndefined();
    await expectNothingStored(id);
  });

  it("tells the type by the first bytes, read from the bucket: a text file named .pdf is refused, nothing kept", async () => {
    const text = Buffer.from("Ceci n'est pas un PDF, seulement du texte.\n".repeat(200));
    const { path, id } = await started(text.length, "faux.pdf");
    const response = await patchUpload(t.app, alice.cookie, path, 0, text);
    expect(response.statusCode).toBe(415);
    expect(errorOf(response)).toEqual({
      code: "unsupported_file_type",
      message: fileMessages.unsupported,
    });
    expect(await uploadRow(id)).toBeUndefined();
    await expectNothingStored(id);
  });

  it("drops a file the client replaced (tus termination) with its multipart upload", async () => {
    const file = pdfFile("remplacé", 200_000);
    const { path, id } = await started(file.length);
    await patchUpload(t.app, alice.cookie, path, 0, file.subarray(0, 100_000));
    expect(s3.pendingMultipartKeys(storage.bucket)).toContain(id);
    const response = await t.app.inject({
      method: "DELETE",
      url: path,
      headers: { ...tus, cookie: alice.cookie },
    });
    expect(response.statusCode).toBe(204);
    await expectNothingStored(id);
  });

  it("sweeps the uploads no document took within a day, finished or not, never a document's", async () => {
    const finished = await uploadFile(t.app, alice.cookie, pdfFile("fini"), "fini.pdf");
    const file = pdfFile("à moitié", 4000);
    const { path, id: partial } = await started(file.length);
    await patchUpload(t.app, alice.cookie, path, 0, file.subarray(0, 2000));
    const kept = pdfFile("joint", 3000);
    const documentId = await attach(await uploadFile(t.app, alice.cookie, kept, "joint.pdf"));

    const deps = { db: t.database.db, storage };
    expect(await sweepStaleUploads(deps)).toBe(0);
    expect(await storage.exists(finished)).toBe(true);
    expect(await storage.exists(`${partial}.info`)).toBe(true);

    const removed = await sweepStaleUploads({
      ...deps,
      now: new Date(Date.now() + uploadLifetimeMs + hour),
    });
    expect(removed).toBeGreaterThanOrEqual(2);
    await expectNothingStored(finished);
    await expectNothingStored(partial);
    const response = await served(documentId);
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload.equals(kept)).toBe(true);
  });
});

describe("two instances on one bucket", () => {
  it("resumes on the second instance an upload started on the first", async () => {
    const second = await createTestApp({
      sharedWith: t,
      storage: await otherStorageOnSameBucket(),
    });
    try {
      const file = pdfFile("deux serveurs", 300_000);
      const { path, id } = await started(file.length, "deux.pdf");
      await patchUpload(t.app, alice.cookie, path, 0, file.subarray(0, 120_000));
      const resumed = await second.app.inject({
        method: "HEAD",
        url: path,
        headers: { ...tus, cookie: alice.cookie },
      });
      expect(resumed.headers["upload-offset"]).toBe("120000");
      const rest = await patchUpload(
        second.app,
        alice.cookie,
        path,
        120_000,
        file.subarray(120_000),
      );
      expect(rest.statusCode, rest.body).toBe(200);
      // Read back through the first: one store, whichever instance answers.
      const response = await served(await attach(id));
      expect(response.rawPayload.equals(file)).toBe(true);
    } finally {
      await second.close();
    }
  });
});

async function otherStorageOnSameBucket(): Promise<S3Storage> {
  const { createS3Storage } = await import("../../storage/s3-storage");
  const setting = await s3.bucket();
  const other = createS3Storage({ ...setting, bucket: storage.bucket });
  afterAll(() => other.close());
  return other;
}
