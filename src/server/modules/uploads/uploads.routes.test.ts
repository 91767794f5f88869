import { existsSync, readdirSync } from "node:fs";
import http from "node:http";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import type { InjectOptions } from "fastify";
import { beforeAll, describe, expect, it } from "vitest";
import { maxUploadBytes } from "../../../domain/document-category";
import { fileMessages, maxFileNameLength } from "../../../domain/file-type";
import { uploads } from "../../db/schema";
import { apiFixture } from "../../test/api-fixture";
import {
  createUpload,
  errorOf,
  patchUpload,
  registerClient,
  type TestClient,
  uploadFile,
} from "../../test/test-app";
import { jpegFile, pdfFile, pngFile } from "../../test/test-files";
import { uploadRefusedMessage } from "./tus-server";
import { maxPendingUploadsPerUser } from "./uploads.service";

type Client = TestClient;

const {
  t,
  clients: [alice, bruno],
} = apiFixture({ clients: 2 });

const tus = { "tus-resumable": "1.0.0" };

function uploadsDir() {
  return join(t.dataDir, "uploads");
}

/** The files of the storage directory, sorted. */
function storedFiles(): string[] {
  return readdirSync(uploadsDir()).sort();
}

function idOf(path: string): string {
  return path.split("/").pop() ?? "";
}

async function rowsOf(client: Client) {
  return t.database.db.select().from(uploads).where(eq(uploads.userId, client.user.id));
}

async function rowOf(id: string) {
  const [row] = await t.database.db.select().from(uploads).where(eq(uploads.id, id));
  return row;
}

function head(client: Client | null, path: string) {
  return t.app.inject({
    method: "HEAD",
    url: path,
    headers: { ...tus, ...(client ? { cookie: client.cookie } : {}) },
  });
}

/** Starts an upload and checks it was accepted; returns its path and id. */
async function started(client: Client, size: number, fileName = "document.pdf") {
  const { response, path } = await createUpload(t.app, client.cookie, { size, fileName });
  expect(response.statusCode, response.body).toBe(201);
  if (!path) throw new Error("no Location");
  return { path, id: idOf(path) };
}

/** Asserts nothing of an upload is left: no row, no file, no tus metadata. */
async function expectNothingKept(id: string) {
  expect(await rowOf(id)).toBeUndefined();
  expect(existsSync(join(uploadsDir(), id))).toBe(false);
  expect(existsSync(join(uploadsDir(), `${id}.json`))).toBe(false);
}

describe("tus uploads: creation, transfer, completion", () => {
  it("creates an upload under a random id, receives it and answers the sniffed type", async () => {
    const file = pdfFile("Carte d'identité", 4000);
    const { response, path } = await createUpload(t.app, alice.cookie, {
      size: file.length,
      fileName: "carte-identite.pdf",
    });
    expect(response.statusCode).toBe(201);
    expect(response.headers["tus-resumable"]).toBe("1.0.0");
    expect(path).toMatch(/^\/api\/uploads\/[a-f0-9]{32}$/);
    const id = idOf(path ?? "");

    const fresh = await head(alice, path ?? "");
    expect(fresh.statusCode).toBe(200);
    expect(fresh.headers["upload-offset"]).toBe("0");
    expect(fresh.headers["upload-length"]).toBe(String(file.length));
    expect(await t.app.inject({ url: path, headers: { cookie: alice.cookie } })).toMatchObject({
      statusCode: 409,
    });

    const done = await patchUpload(t.app, alice.cookie, path ?? "", 0, file);
    expect(done.statusCode).toBe(200);
    expect(done.headers["upload-offset"]).toBe(String(file.length));
    const expected = {
      id,
      fileName: "carte-identite.pdf",
      fileType: "application/pdf",
      fileSize: file.length,
    };
    expect(done.json()).toEqual({ upload: expected });

    // The last PATCH sent again, as after a lost answer: the same finished upload.
    const repeated = await patchUpload(
      t.app,
      alice.cookie,
      path ?? "",
      file.length,
      Buffer.alloc(0),
    );
    expect(repeated.statusCode).toBe(200);
    expect(repeated.json()).toEqual({ upload: expected });

    const read = await t.app.inject({
      url: `/api/uploads/${id}`,
      headers: { cookie: alice.cookie },
    });
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual({ upload: expected });

    const row = await rowOf(id);
    expect(row).toMatchObject({
      userId: alice.user.id,
      storageKey: id,
      fileType: "application/pdf",
    });
    expect(row?.completedAt).not.toBeNull();
    expect(storedFiles()).toEqual(expect.arrayContaining([id, `${id}.json`]));
  });

  it("tells a file by its first bytes: a PNG declared as PDF is a PNG, a JPEG a JPEG", async () => {
    const png = await uploadFile(t.app, alice.cookie, pngFile(), "scan.pdf");
    expect((await rowOf(png))?.fileType).toBe("image/png");
    const jpeg = await uploadFile(t.app, alice.cookie, jpegFile(), "photo.png");
    expect((await rowOf(jpeg))?.fileType).toBe("image/jpeg");
  });

  it("refuses a text file named .pdf with 415 in French and keeps nothing", async () => {
    const text = Buffer.from("Ceci n'est pas un PDF, seulement du texte.\n".repeat(20));
    const { path, id } = await started(alice, text.length, "releve.pdf");
    const response = await patchUpload(t.app, alice.cookie, path, 0, text);
    expect(response.statusCode).toBe(415);
    expect(errorOf(response)).toEqual({
      code: "unsupported_file_type",
      message: fileMessages.unsupported,
    });
    await expectNothingKept(id);
  });

  it("refuses an empty file with 415 in French and keeps nothing", async () => {
    const before = storedFiles();
    const rowsBefore = (await rowsOf(alice)).length;
    const { response } = await createUpload(t.app, alice.cookie, { size: 0, fileName: "vide.pdf" });
    expect(response.statusCode).toBe(415);
    expect(errorOf(response)).toEqual({ code: "empty_file", message: fileMessages.empty });
    expect(storedFiles()).toEqual(before);
    expect(await rowsOf(alice)).toHaveLength(rowsBefore);
  });

  it("answers GET with 409 while an upload is unfinished, and 404 once its client deleted it", async () => {
    const { path, id } = await started(alice, 100);
    const pending = await t.app.inject({ url: path, headers: { cookie: alice.cookie } });
    expect(pending.statusCode).toBe(409);
    expect(errorOf(pending).message).toBe(fileMessages.uploadIncomplete);

    const deleted = await t.app.inject({
      method: "DELETE",
      url: path,
      headers: { ...tus, cookie: alice.cookie },
    });
    expect(deleted.statusCode).toBe(204);
    await expectNothingKept(id);
    const gone = await t.app.inject({ url: path, headers: { cookie: alice.cookie } });
    expect(gone.statusCode).toBe(404);
    expect(errorOf(gone).message).toBe(fileMessages.uploadNotFound);
    expect((await head(alice, path)).statusCode).toBe(404);
  });

  it("answers 404, never 500, to malformed and unknown upload ids", async () => {
    for (const id of ["abc", "../../etc/passwd", "A".repeat(32), "0".repeat(32)]) {
      const url = `/api/uploads/${encodeURIComponent(id)}`;
      expect((await head(alice, url)).statusCode, id).toBe(404);
      const read = await t.app.inject({ url, headers: { cookie: alice.cookie } });
      expect(read.statusCode, id).toBe(404);
      expect(errorOf(read).message).toBe(fileMessages.uploadNotFound);
      const patch = await patchUpload(t.app, alice.cookie, url, 0, Buffer.from("%PDF-"));
      expect(patch.statusCode, id).toBe(404);
    }
  });

  it("answers a PATCH at the wrong offset with 409 in French, keeping the upload", async () => {
    const file = pdfFile("décalage", 3000);
    const { path, id } = await started(alice, file.length);
    const response = await patchUpload(t.app, alice.cookie, path, 100, file.subarray(100));
    expect(response.statusCode).toBe(409);
    expect(errorOf(response).code).toBe("upload_offset_conflict");
    expect((await head(alice, path)).headers["upload-offset"]).toBe("0");
    expect(await rowOf(id)).toBeDefined();
  });
});

describe("tus uploads: sizes", () => {
  it("accepts a declared size of exactly 10 MiB", async () => {
    const { path, id } = await started(alice, maxUploadBytes);
    expect((await rowOf(id))?.fileSize).toBe(maxUploadBytes);
    await t.app.inject({ method: "DELETE", url: path, headers: { ...tus, cookie: alice.cookie } });
  });

  it("refuses an 11 MB file at creation with 413 in French: no row, no file", async () => {
    const before = storedFiles();
    const rowsBefore = (await rowsOf(alice)).length;
    const { response, path } = await createUpload(t.app, alice.cookie, {
      size: 11 * 1024 * 1024,
      fileName: "gros.pdf",
    });
    expect(response.statusCode).toBe(413);
    expect(path).toBeUndefined();
    expect(errorOf(response)).toEqual({ code: "file_too_large", message: fileMessages.tooLarge });
    expect(storedFiles()).toEqual(before);
    expect(await rowsOf(alice)).toHaveLength(rowsBefore);
  });

  it("refuses a PATCH sending more bytes than declared: 413, the upload and its files are gone", async () => {
    const { path, id } = await started(alice, 1000);
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
    await expectNothingKept(id);
    expect((await head(alice, path)).statusCode).toBe(404);
  });

  it("refuses a creation that also sends more bytes than declared: 413, nothing kept", async () => {
    const before = storedFiles();
    const rowsBefore = (await rowsOf(alice)).length;
    const response = await t.app.inject({
      method: "POST",
      url: "/api/uploads",
      headers: {
        ...tus,
        cookie: alice.cookie,
        "upload-length": "100",
        "upload-metadata": `filename ${Buffer.from("a.pdf").toString("base64")}`,
        "content-type": "application/offset+octet-stream",
      },
      payload: pdfFile("trop", 5000),
    });
    expect(response.statusCode).toBe(413);
    expect(errorOf(response).message).toBe(fileMessages.tooLarge);
    expect(storedFiles()).toEqual(before);
    expect(await rowsOf(alice)).toHaveLength(rowsBefore);
  });

  it("refuses an upload of unannounced size (Upload-Defer-Length) with 400 in French", async () => {
    const before = storedFiles();
    const rowsBefore = (await rowsOf(alice)).length;
    const response = await t.app.inject({
      method: "POST",
      url: "/api/uploads",
      headers: {
        ...tus,
        cookie: alice.cookie,
        "upload-defer-length": "1",
        "upload-metadata": `filename ${Buffer.from("a.pdf").toString("base64")}`,
      },
    });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response)).toEqual({
      code: "size_required",
      message: "La taille du fichier doit être annoncée.",
    });
    expect(storedFiles()).toEqual(before);
    expect(await rowsOf(alice)).toHaveLength(rowsBefore);
  });

  it(`holds at most ${maxPendingUploadsPerUser} unattached uploads per client (429 in French)`, async () => {
    const carla = await registerClient(t.app);
    for (let index = 0; index < maxPendingUploadsPerUser; index += 1) {
      await started(carla, 10);
    }
    const refused = await createUpload(t.app, carla.cookie, { size: 10 });
    expect(refused.response.statusCode).toBe(429);
    expect(errorOf(refused.response)).toEqual({
      code: "too_many_uploads",
      message: fileMessages.tooManyUploads,
    });
    expect(await rowsOf(carla)).toHaveLength(maxPendingUploadsPerUser);
    // Another client is not held back by Carla's uploads.
    expect((await createUpload(t.app, bruno.cookie, { size: 10 })).response.statusCode).toBe(201);
  });
});

describe("tus uploads: resuming", () => {
  it("resumes from the offset HEAD gives after a partial PATCH", async () => {
    const file = pdfFile("reprise", 50_000);
    const half = 20_000;
    const { path, id } = await started(alice, file.length, "reprise.pdf");
    const first = await patchUpload(t.app, alice.cookie, path, 0, file.subarray(0, half));
    expect(first.statusCode).toBe(204);
    expect(first.headers["upload-offset"]).toBe(String(half));

    const resumed = await head(alice, path);
    expect(resumed.headers["upload-offset"]).toBe(String(half));
    expect(resumed.headers["cache-control"]).toBe("no-store");

    const rest = await patchUpload(t.app, alice.cookie, path, half, file.subarray(half));
    expect(rest.statusCode).toBe(200);
    expect(rest.json().upload).toMatchObject({
      id,
      fileType: "application/pdf",
      fileSize: file.length,
    });
  });

  describe("over a real connection", () => {
    let origin: string;

    beforeAll(async () => {
      origin = await t.app.listen({ port: 0, host: "127.0.0.1" });
    });

    it("keeps the bytes received before the connection is cut, and completes from there", async () => {
      const file = pdfFile("coupure réseau", 400_000);
      const half = 150_000;
      const { path, id } = await started(alice, file.length, "coupure.pdf");

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
      // The server has them once they are in the storage (a HEAD now would take the upload's
      // lock and end the request itself, as a resuming client does).
      await waitFor(async () => (await t.app.deps.storage.size(id)) === half);
      request.destroy();
      await closed;

      // HEAD takes the lock once the server has noticed the cut.
      const afterCut = await head(alice, path);
      expect(afterCut.statusCode).toBe(200);
      expect(afterCut.headers["upload-offset"]).toBe(String(half));

      const rest = await patchUpload(t.app, alice.cookie, path, half, file.subarray(half));
      expect(rest.statusCode).toBe(200);
      expect(rest.json().upload).toMatchObject({ id, fileSize: file.length });

      const attached = await t.app.inject({
        method: "POST",
        url: "/api/documents",
        headers: { cookie: alice.cookie },
        payload: { name: "Après coupure", category: "identite", uploadId: id },
      });
      expect(attached.statusCode).toBe(201);
      const served = await t.app.inject({
        url: `/api/documents/${attached.json().document.id}/file`,
        headers: { cookie: alice.cookie },
      });
      expect(served.statusCode).toBe(200);
      expect(served.rawPayload.equals(file)).toBe(true);
    });

    it("refuses an upload going past its declared 10 MiB midway (no Content-Length): 413, nothing kept", async () => {
      const { path, id } = await started(alice, maxUploadBytes, "trop-gros.pdf");
      const chunk = Buffer.alloc(1024 * 1024, 0x41);
      chunk.set(Buffer.from("%PDF-1.4\n"));
      const { status, body } = await new Promise<{ status: number; body: string }>(
        (resolve, reject) => {
          const request = http.request(`${origin}${path}`, {
            method: "PATCH",
            headers: {
              ...tus,
              cookie: alice.cookie,
              "upload-offset": "0",
              "content-type": "application/offset+octet-stream",
              "transfer-encoding": "chunked",
            },
          });
          request.on("response", (response) => {
            const chunks: Buffer[] = [];
            response.on("data", (data: Buffer) => chunks.push(data));
            response.on("end", () =>
              resolve({
                status: response.statusCode ?? 0,
                body: Buffer.concat(chunks).toString("utf8"),
              }),
            );
          });
          request.on("error", reject);
          // 11 MiB, one megabyte at a time, as a phone would send them.
          let sent = 0;
          const sendNext = () => {
            while (sent < 11) {
              sent += 1;
              if (!request.write(chunk)) {
                request.once("drain", sendNext);
                return;
              }
            }
            request.end();
          };
          sendNext();
        },
      );
      expect(status).toBe(413);
      expect(JSON.parse(body).error).toEqual({
        code: "file_too_large",
        message: fileMessages.tooLarge,
      });
      await expectNothingKept(id);
    });
  });
});

describe("tus uploads: requests breaking the protocol", () => {
  it("tells anyone what it supports (OPTIONS), the 10 MiB limit included", async () => {
    const response = await t.app.inject({ method: "OPTIONS", url: "/api/uploads" });
    expect(response.statusCode).toBe(204);
    expect(response.headers["tus-version"]).toBe("1.0.0");
    expect(response.headers["tus-max-size"]).toBe(String(maxUploadBytes));
  });

  it("answers each in French with the API's error shape, never 500", async () => {
    const { path, id } = await started(alice, 100);
    const octets = "application/offset+octet-stream";
    const metadata = `filename ${Buffer.from("a.pdf").toString("base64")}`;
    const cases: Array<{ label: string; status: number; request: InjectOptions }> = [
      {
        label: "PATCH without Tus-Resumable",
        status: 412,
        request: {
          method: "PATCH",
          url: path,
          headers: { "upload-offset": "0", "content-type": octets },
          payload: Buffer.from("%PDF-"),
        },
      },
      {
        label: "PATCH without Upload-Offset",
        status: 403,
        request: {
          method: "PATCH",
          url: path,
          headers: { ...tus, "content-type": octets },
          payload: Buffer.from("%PDF-"),
        },
      },
      {
        label: "PATCH declaring JSON",
        status: 400,
        request: {
          method: "PATCH",
          url: path,
          headers: { ...tus, "upload-offset": "0", "content-type": "application/json" },
          payload: '{"a":1}',
        },
      },
      {
        label: "PATCH without a type",
        status: 403,
        request: {
          method: "PATCH",
          url: path,
          headers: { ...tus, "upload-offset": "0" },
          payload: Buffer.from("%PDF-"),
        },
      },
      {
        label: "POST without a length",
        status: 400,
        request: { method: "POST", url: "/api/uploads", headers: { ...tus } },
      },
      {
        label: "POST with a length that is no number",
        status: 400,
        request: {
          method: "POST",
          url: "/api/uploads",
          headers: { ...tus, "upload-length": "dix" },
        },
      },
      {
        label: "POST with a negative length",
        status: 400,
        request: {
          method: "POST",
          url: "/api/uploads",
          headers: { ...tus, "upload-length": "-5" },
        },
      },
      {
        label: "POST with both a length and a deferred one",
        status: 400,
        request: {
          method: "POST",
          url: "/api/uploads",
          headers: {
            ...tus,
            "upload-length": "5",
            "upload-defer-length": "1",
            "upload-metadata": metadata,
          },
        },
      },
      {
        label: "POST with unreadable metadata",
        status: 400,
        request: {
          method: "POST",
          url: "/api/uploads",
          headers: { ...tus, "upload-length": "5", "upload-metadata": "filename !!!,?" },
        },
      },
    ];
    const rowsBefore = (await rowsOf(alice)).length;
    for (const { label, status, request } of cases) {
      const response = await t.app.inject({
        ...request,
        headers: { ...request.headers, cookie: alice.cookie },
      });
      expect(response.statusCode, label).toBe(status);
      expect(response.headers["content-type"], label).toMatch(/^application\/json/);
      expect(errorOf(response), label).toEqual({
        code: "upload_refused",
        message: uploadRefusedMessage,
      });
    }
    expect(await rowsOf(alice)).toHaveLength(rowsBefore);
    expect((await head(alice, path)).headers["upload-offset"]).toBe("0");
    expect(await rowOf(id)).toBeDefined();
  });
});

describe("tus uploads: file names", () => {
  it("keeps a hostile name as given, without control characters, bounded, never on disk", async () => {
    const hostile = `../../etc/passwd\u0000\r\n\u0007\u001b[31m\u202Efdp.exe${"é".repeat(300)}.pdf`;
    const { path, id } = await started(alice, 10, hostile);
    const row = await rowOf(id);
    // The right-to-left override is dropped too (docs/decisions/2026-11-25-hostile-input.md).
    const expected = `../../etc/passwd[31mfdp.exe${"é".repeat(300)}.pdf`.slice(
      0,
      maxFileNameLength,
    );
    expect(row?.fileName).toBe(expected);
    expect(row?.fileName).toHaveLength(maxFileNameLength);
    // The name never reaches the disk: the file is stored under the random id.
    expect(row?.storageKey).toBe(id);
    expect(storedFiles().every((file) => /^[a-f0-9]{32}(\.json)?$/.test(file))).toBe(true);
    expect(existsSync(join(t.dataDir, "etc"))).toBe(false);
    await t.app.inject({ method: "DELETE", url: path, headers: { ...tus, cookie: alice.cookie } });
  });

  it("names an upload without a name 'document'", async () => {
    const response = await t.app.inject({
      method: "POST",
      url: "/api/uploads",
      headers: { ...tus, cookie: alice.cookie, "upload-length": "10" },
    });
    expect(response.statusCode).toBe(201);
    const id = idOf(String(response.headers.location));
    expect((await rowOf(id))?.fileName).toBe("document");
  });
});

describe("tus uploads: who may touch them", () => {
  let path: string;
  let id: string;
  const file = pdfFile("à Alice", 2000);

  beforeAll(async () => {
    ({ path, id } = await started(alice, file.length, "alice.pdf"));
    const first = await patchUpload(t.app, alice.cookie, path, 0, file.subarray(0, 1000));
    expect(first.statusCode).toBe(204);
  });

  it("answers 401 to anonymous requests on every route", async () => {
    const unauthenticated = { code: "unauthenticated", message: "Vous devez être connecté" };
    const create = await t.app.inject({
      method: "POST",
      url: "/api/uploads",
      headers: { ...tus, "upload-length": "10" },
    });
    expect(create.statusCode).toBe(401);
    expect(errorOf(create)).toEqual(unauthenticated);
    expect((await head(null, path)).statusCode).toBe(401);
    const patch = await t.app.inject({
      method: "PATCH",
      url: path,
      headers: {
        ...tus,
        "upload-offset": "1000",
        "content-type": "application/offset+octet-stream",
      },
      payload: file.subarray(1000),
    });
    expect(patch.statusCode).toBe(401);
    expect(errorOf(patch)).toEqual(unauthenticated);
    const remove = await t.app.inject({ method: "DELETE", url: path, headers: tus });
    expect(remove.statusCode).toBe(401);
    const read = await t.app.inject({ url: path });
    expect(read.statusCode).toBe(401);
    expect(errorOf(read)).toEqual(unauthenticated);
    expect((await head(alice, path)).headers["upload-offset"]).toBe("1000");
  });

  it("answers 404 to another client's HEAD, PATCH, DELETE and GET, leaving the upload as it was", async () => {
    expect((await head(bruno, path)).statusCode).toBe(404);
    const patch = await patchUpload(t.app, bruno.cookie, path, 1000, file.subarray(1000));
    expect(patch.statusCode).toBe(404);
    expect(errorOf(patch).message).toBe(fileMessages.uploadNotFound);
    const remove = await t.app.inject({
      method: "DELETE",
      url: path,
      headers: { ...tus, cookie: bruno.cookie },
    });
    expect(remove.statusCode).toBe(404);
    const read = await t.app.inject({ url: path, headers: { cookie: bruno.cookie } });
    expect(read.statusCode).toBe(404);

    expect(await rowOf(id)).toMatchObject({ userId: alice.user.id, completedAt: null });
    expect(await t.app.deps.storage.size(id)).toBe(1000);
    const finished = await patchUpload(t.app, alice.cookie, path, 1000, file.subarray(1000));
    expect(finished.statusCode).toBe(200);
    const forBruno = await t.app.inject({ url: path, headers: { cookie: bruno.cookie } });
    expect(forBruno.statusCode).toBe(404);
  });
});

async function waitFor(condition: () => Promise<boolean>, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error("condition not met in time");
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
