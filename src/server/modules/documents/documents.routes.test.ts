import { randomUUID } from "node:crypto";
import { existsSync, rmSync } from "node:fs";
import { validateHeaderValue } from "node:http";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { documentMessages } from "../../../domain/api/documents";
import { invalidPageMessage } from "../../../domain/api/page";
import { fileMessages, maxFileNameLength } from "../../../domain/file-type";
import { tooLong } from "../../../domain/schemas/fields";
import { documents, loanRequests, uploads } from "../../db/schema";
import { messages } from "../../http/app-error";
import { apiFixture } from "../../test/api-fixture";
import {
  createUpload,
  errorOf,
  registerClient,
  signedInUnenrolledAdmin,
  type TestClient,
  uploadFile,
} from "../../test/test-app";
import { jpegFile, pdfFile, pngFile } from "../../test/test-files";
import { createLoanWithDocuments } from "../loans/complement.test-helpers";

type Client = TestClient;

const {
  t,
  officers: [admin],
  clients: [alice, bruno],
} = apiFixture({ officers: 1, clients: 2 });

const nameMessage = "Veuillez entrer un nom pour le document";
const categoryMessage = "Veuillez sélectionner un type de document";

function attach(client: { cookie: string } | null, payload: unknown) {
  return t.app.inject({
    method: "POST",
    url: "/api/documents",
    headers: client ? { cookie: client.cookie } : {},
    payload: payload as object,
  });
}

/** Uploads a file and attaches it as a standalone document; returns the document. */
async function documentOf(
  client: Client,
  bytes: Buffer,
  { name = "Relevé de mars", category = "banque", fileName = "releve.pdf" } = {},
) {
  const uploadId = await uploadFile(t.app, client.cookie, bytes, fileName);
  const response = await attach(client, { name, category, uploadId });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().document as { id: string; fileName: string; fileType: string };
}

function file(client: { cookie: string } | null, id: string, query = "") {
  return t.app.inject({
    url: `/api/documents/${id}/file${query}`,
    headers: client ? { cookie: client.cookie } : {},
  });
}

function remove(client: { cookie: string } | null, id: string) {
  return t.app.inject({
    method: "DELETE",
    url: `/api/documents/${id}`,
    headers: client ? { cookie: client.cookie } : {},
  });
}

async function documentRow(id: string) {
  const [row] = await t.database.db.select().from(documents).where(eq(documents.id, id));
  return row;
}

function stored(key: string) {
  return existsSync(join(t.dataDir, "uploads", key));
}

describe("POST /api/documents: validation, in the form's order", () => {
  it("answers an empty form with the three French messages, name first", async () => {
    const response = await attach(alice, {});
    expect(response.statusCode).toBe(400);
    const error = errorOf(response);
    expect(error.code).toBe("validation_error");
    expect(error.message).toBe(nameMessage);
    expect(error.fields).toEqual({
      name: nameMessage,
      category: categoryMessage,
      uploadId: fileMessages.missing,
    });
    expect(Object.keys(error.fields ?? {})).toEqual(["name", "category", "uploadId"]);
  });

  it("gives each field its own message", async () => {
    const uploadId = "a".repeat(32);
    const cases: Array<[object, Record<string, string>]> = [
      [{ name: "   ", category: "banque", uploadId }, { name: nameMessage }],
      [{ name: 42, category: "banque", uploadId }, { name: nameMessage }],
      [
        { name: "N".repeat(maxFileNameLength + 1), category: "banque", uploadId },
        { name: tooLong(maxFileNameLength) },
      ],
      [{ name: "Relevé", category: "passeport", uploadId }, { category: categoryMessage }],
      // Offered on loan requests only, not on the standalone form.
      [{ name: "Relevé", category: "domicile", uploadId }, { category: categoryMessage }],
      [{ name: "Relevé", category: "", uploadId }, { category: categoryMessage }],
      [{ name: "Relevé", category: "banque", uploadId: "" }, { uploadId: fileMessages.missing }],
      [
        { name: "Relevé", category: "banque", uploadId: "../x" },
        { uploadId: fileMessages.missing },
      ],
      [{ name: "Relevé", category: "banque", uploadId: 12 }, { uploadId: fileMessages.missing }],
    ];
    for (const [payload, fields] of cases) {
      const response = await attach(alice, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(errorOf(response).fields, JSON.stringify(payload)).toEqual(fields);
    }
  });

  it("answers 400 in French, never 500, to a body that is not a JSON object", async () => {
    const array = await t.app.inject({
      method: "POST",
      url: "/api/documents",
      headers: { cookie: alice.cookie, "content-type": "application/json" },
      payload: "[1,2]",
    });
    expect(array.statusCode).toBe(400);
    expect(errorOf(array).message).toBe(messages.invalidBody);
    const broken = await t.app.inject({
      method: "POST",
      url: "/api/documents",
      headers: { cookie: alice.cookie, "content-type": "application/json" },
      payload: '{"name":',
    });
    expect(broken.statusCode).toBe(400);
    expect(errorOf(broken).message).toBe(messages.invalidJson);
  });

  it("refuses an upload that does not exist (404) or is not finished (400), on the file field", async () => {
    const missing = await attach(alice, {
      name: "Relevé",
      category: "banque",
      uploadId: "0".repeat(32),
    });
    expect(missing.statusCode).toBe(404);
    expect(errorOf(missing)).toMatchObject({
      message: fileMessages.uploadNotFound,
      fields: { uploadId: fileMessages.uploadNotFound },
    });

    const { path } = await createUpload(t.app, alice.cookie, { size: 500 });
    const unfinished = await attach(alice, {
      name: "Relevé",
      category: "banque",
      uploadId: path?.split("/").pop(),
    });
    expect(unfinished.statusCode).toBe(400);
    expect(errorOf(unfinished)).toMatchObject({
      message: fileMessages.uploadIncomplete,
      fields: { uploadId: fileMessages.uploadIncomplete },
    });
  });
});

describe("POST /api/documents: attaching an upload", () => {
  it("makes the finished upload a document of its owner, once", async () => {
    const bytes = pdfFile("Avis d'imposition", 6000);
    const uploadId = await uploadFile(t.app, alice.cookie, bytes, "impots-2025.pdf");
    const response = await attach(alice, {
      name: "  Avis d'imposition 2025  ",
      category: "fiscal",
      uploadId,
    });
    expect(response.statusCode).toBe(201);
    const { document } = response.json();
    expect(document).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      loanId: null,
      loanStatus: null,
      fileName: "Avis d'imposition 2025",
      fileType: "application/pdf",
      fileSize: bytes.length,
      category: "fiscal",
      uploadedAt: expect.any(String),
      replacedAt: null,
      replacedById: null,
      review: null,
    });
    expect(Math.abs(Date.parse(document.uploadedAt) - Date.now())).toBeLessThan(60_000);

    // The upload is taken: its row is gone, its file is the document's, under the same key.
    const [uploadRow] = await t.database.db.select().from(uploads).where(eq(uploads.id, uploadId));
    expect(uploadRow).toBeUndefined();
    expect(await documentRow(document.id)).toMatchObject({
      userId: alice.user.id,
      storageKey: uploadId,
    });
    expect(stored(uploadId)).toBe(true);
    const upload = await t.app.inject({
      url: `/api/uploads/${uploadId}`,
      headers: { cookie: alice.cookie },
    });
    expect(upload.statusCode).toBe(404);

    const again = await attach(alice, { name: "Encore", category: "fiscal", uploadId });
    expect(again.statusCode).toBe(404);
    expect(errorOf(again).fields).toEqual({ uploadId: fileMessages.uploadNotFound });

    const list = await t.app.inject({ url: "/api/documents", headers: { cookie: alice.cookie } });
    expect(list.json().items[0]).toEqual(document);
  });

  it("keeps a name without its control characters, and refuses one made only of them", async () => {
    const uploadId = await uploadFile(t.app, alice.cookie, pdfFile("nul"));
    const response = await attach(alice, {
      name: "Relevé\u202E d'avril\u0007\u001b",
      category: "banque",
      uploadId,
    });
    expect(response.statusCode).toBe(201);
    expect(response.json().document.fileName).toBe("Relevé d'avril");

    const other = await uploadFile(t.app, alice.cookie, pdfFile("nul"));
    const blank = await attach(alice, {
      name: "\u200F\u0001 \r\n",
      category: "banque",
      uploadId: other,
    });
    expect(blank.statusCode).toBe(400);
    expect(errorOf(blank).fields).toEqual({ name: nameMessage });
  });
});

describe("GET /api/documents/:id/file", () => {
  it("streams the file inline to its owner, with its sniffed type, name and nosniff", async () => {
    const bytes = pdfFile("Relevé bancaire", 9000);
    const document = await documentOf(alice, bytes, { name: "Relevé de mars" });
    const response = await file(alice, document.id);
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload.equals(bytes)).toBe(true);
    expect(response.headers["content-type"]).toBe("application/pdf");
    expect(response.headers["content-length"]).toBe(String(bytes.length));
    expect(response.headers["content-disposition"]).toBe(
      `inline; filename="Releve de mars.pdf"; filename*=UTF-8''Relev%C3%A9%20de%20mars.pdf`,
    );
    expect(response.headers["x-content-type-options"]).toBe("nosniff");
    expect(response.headers["cache-control"]).toBe("private, no-store");

    const download = await file(alice, document.id, "?download=1");
    expect(download.statusCode).toBe(200);
    expect(download.headers["content-disposition"]).toMatch(
      /^attachment; filename="Releve de mars\.pdf"/,
    );
    expect(download.rawPayload.equals(bytes)).toBe(true);
  });

  it("serves a PNG declared as PDF as the PNG it is, and a JPEG as a JPEG", async () => {
    const png = pngFile(6, 6);
    const document = await documentOf(alice, png, { name: "scan.pdf", fileName: "scan.pdf" });
    expect(document.fileType).toBe("image/png");
    const response = await file(alice, document.id);
    expect(response.headers["content-type"]).toBe("image/png");
    expect(response.headers["content-disposition"]).toContain(`filename="scan.pdf.png"`);
    expect(response.rawPayload.equals(png)).toBe(true);

    const jpeg = await documentOf(alice, jpegFile(), { name: "photo.jpeg", category: "identite" });
    const served = await file(alice, jpeg.id);
    expect(served.headers["content-type"]).toBe("image/jpeg");
    expect(served.headers["content-disposition"]).toContain(`filename="photo.jpeg"`);
  });

  it("answers 404 to a malformed or unknown id, and when the file is missing from the storage", async () => {
    for (const id of ["abc", "1", randomUUID()]) {
      const response = await file(alice, id);
      expect(response.statusCode, id).toBe(404);
      expect(errorOf(response).message).toBe(documentMessages.notFound);
    }
    const document = await documentOf(alice, pdfFile("perdu"));
    const row = await documentRow(document.id);
    rmSync(join(t.dataDir, "uploads", row?.storageKey ?? ""));
    const response = await file(alice, document.id);
    expect(response.statusCode).toBe(404);
    expect(errorOf(response)).toEqual({
      code: "file_missing",
      message: documentMessages.fileMissing,
    });
  });
});

describe("hostile file names", () => {
  // A path, a quote and a header break to escape the Content-Disposition, control characters,
  // a right-to-left override to disguise the extension (dropped), and well over 255 characters.
  const visibleStart = `../../etc/passwd"; filename=evil.exe`;
  const visibleEnd = `Set-Cookie: pris=1\u202Egpj.exe ${"Relevé ".repeat(40)}`;
  const shownEnd = visibleEnd.replace("\u202E", "");
  // A NUL comes in the upload's metadata (dropped); a JSON body holding one is refused whole.
  const given = `${visibleStart}\r\n\u0000\u0007${visibleEnd}`;

  it("keeps the name as given without control characters, bounded, never on disk; serves a safe header", async () => {
    const bytes = pdfFile("hostile");
    const uploadId = await uploadFile(t.app, alice.cookie, bytes, given);
    // The name the upload arrived with.
    const [upload] = await t.database.db.select().from(uploads).where(eq(uploads.id, uploadId));
    expect(upload?.fileName).toBe(`${visibleStart}${shownEnd}`.slice(0, maxFileNameLength));

    // The form's name: 255 characters at most as typed, 251 once the four are removed.
    const name = given.replace("\u0000", "").slice(0, maxFileNameLength);
    const kept = `${visibleStart}${shownEnd}`.slice(0, maxFileNameLength - 4).trim();
    const response = await attach(alice, { name, category: "autre", uploadId });
    expect(response.statusCode, response.body).toBe(201);
    const { document } = response.json();
    expect(document.fileName).toBe(kept);
    const row = await documentRow(document.id);
    expect(row?.storageKey).toMatch(/^[a-f0-9]{32}$/);
    expect(existsSync(join(t.dataDir, "etc"))).toBe(false);

    for (const query of ["", "?download=1"]) {
      const served = await file(alice, document.id, query);
      expect(served.statusCode).toBe(200);
      expect(served.rawPayload.equals(bytes)).toBe(true);
      const header = String(served.headers["content-disposition"]);
      expect(() => validateHeaderValue("content-disposition", header)).not.toThrow();
      expect(header).not.toContain("\r");
      expect(header).not.toContain("\n");
      expect(served.headers["set-cookie"]).toBeUndefined();
      // Exactly two parameters: the quoted ASCII fallback, then the encoded name.
      const match = /^(inline|attachment); filename="([^"]*)"; filename\*=UTF-8''([^;\s"]+)$/.exec(
        header,
      );
      expect(match, header).not.toBeNull();
      expect(match?.[1]).toBe(query ? "attachment" : "inline");
      expect(match?.[2]).toMatch(/^[\x20-\x7e]+$/);
      expect(match?.[2]).not.toMatch(/[/\\;%]/);
      expect(match?.[2]?.startsWith(".._.._etc_passwd_")).toBe(true);
      // filename* gives the name back, its path separators made harmless, with its extension.
      expect(decodeURIComponent(match?.[3] ?? "")).toBe(`${kept.replaceAll("/", "_")}.pdf`);
    }
  });
});

describe("DELETE /api/documents/:id", () => {
  it("deletes a standalone document and its file", async () => {
    const document = await documentOf(alice, pdfFile("à supprimer"));
    const key = (await documentRow(document.id))?.storageKey ?? "";
    expect(stored(key)).toBe(true);
    const response = await remove(alice, document.id);
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe("");
    expect(await documentRow(document.id)).toBeUndefined();
    expect(stored(key)).toBe(false);
    expect(stored(`${key}.json`)).toBe(false);
    expect((await file(alice, document.id)).statusCode).toBe(404);
    const again = await remove(alice, document.id);
    expect(again.statusCode).toBe(404);
    expect(errorOf(again).message).toBe(documentMessages.notFound);
    expect((await remove(alice, "pas-un-uuid")).statusCode).toBe(404);
  });

  it("refuses (409, with the reason) to delete a document of a loan request", async () => {
    const ids = {
      identite: await uploadFile(t.app, alice.cookie, pngFile(), "cni.png"),
      revenu: await uploadFile(t.app, alice.cookie, pdfFile("salaire"), "salaire.pdf"),
      banque: await uploadFile(t.app, alice.cookie, pdfFile("banque"), "banque.pdf"),
    };
    const created = await t.app.inject({
      method: "POST",
      url: "/api/loans",
      headers: { cookie: alice.cookie },
      payload: {
        loanType: "personal",
        amount: 500_000,
        durationMonths: 12,
        purpose: "Équipement",
        documents: ids,
        submissionKey: randomUUID(),
      },
    });
    expect(created.statusCode).toBe(201);
    const loan = created.json().loan;
    const document = loan.documents[0];
    expect(document).toMatchObject({ loanId: loan.id, loanStatus: "pending" });

    const expectations = [
      ["pending", "document_under_review", documentMessages.lockedUnderReview],
      ["in_review", "document_under_review", documentMessages.lockedUnderReview],
      ["approved", "document_in_dossier", documentMessages.lockedDecided],
      ["rejected", "document_in_dossier", documentMessages.lockedDecided],
    ] as const;
    for (const [status, code, message] of expectations) {
      await t.database.db.update(loanRequests).set({ status }).where(eq(loanRequests.id, loan.id));
      const response = await remove(alice, document.id);
      expect(response.statusCode, status).toBe(409);
      expect(errorOf(response), status).toEqual({ code, message });
    }
    const row = await documentRow(document.id);
    expect(row).toBeDefined();
    expect(stored(row?.storageKey ?? "")).toBe(true);
  });
});

describe("GET /api/documents: pages", () => {
  let carla: Client;

  beforeAll(async () => {
    carla = await registerClient(t.app);
    // 23 documents, one a minute: #1 is the oldest.
    const start = Date.UTC(2026, 9, 1, 8, 0, 0);
    await t.database.db.insert(documents).values(
      Array.from({ length: 23 }, (_, index) => ({
        userId: carla.user.id,
        fileName: `Document ${index + 1}`,
        fileType: "application/pdf",
        fileSize: 1000 + index,
        storageKey: `${randomUUID().replaceAll("-", "")}`,
        category: "autre" as const,
        uploadedAt: new Date(start + index * 60_000),
        createdAt: new Date(start + index * 60_000),
      })),
    );
  });

  function list(client: { cookie: string }, query = "") {
    return t.app.inject({ url: `/api/documents${query}`, headers: { cookie: client.cookie } });
  }

  const names = (response: { json(): { items: Array<{ fileName: string }> } }) =>
    response.json().items.map((item) => item.fileName);

  it("lists the client's own documents, newest first, 20 a page, with the total", async () => {
    const first = await list(carla);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ total: 23, page: 1, pageSize: 20 });
    expect(names(first)).toHaveLength(20);
    expect(names(first)[0]).toBe("Document 23");
    expect(names(first)[19]).toBe("Document 4");
    expect(names(await list(carla, "?page=2"))).toEqual(["Document 3", "Document 2", "Document 1"]);
    expect(names(await list(carla, "?page=3&pageSize=5"))).toEqual([
      "Document 13",
      "Document 12",
      "Document 11",
      "Document 10",
      "Document 9",
    ]);
    const beyond = await list(carla, "?page=9");
    expect(beyond.json()).toEqual({ items: [], total: 23, page: 9, pageSize: 20 });
    const all = await list(carla, "?pageSize=100");
    expect(names(all)).toHaveLength(23);

    // Nobody else's: Bruno has none.
    expect((await list(bruno)).json()).toEqual({ items: [], total: 0, page: 1, pageSize: 20 });
  });

  it("answers 400 in French to an invalid page or page size", async () => {
    for (const page of ["0", "-1", "abc", "1.5", "99999999"]) {
      const response = await list(carla, `?page=${page}`);
      expect(response.statusCode, page).toBe(400);
      expect(errorOf(response).message, page).toBe(invalidPageMessage);
    }
    for (const size of ["0", "101", "x", "2.5"]) {
      const response = await list(carla, `?pageSize=${size}`);
      expect(response.statusCode, size).toBe(400);
      expect(errorOf(response).message, size).toBe("Taille de page invalide");
    }
  });
});

describe("documents: who may see and touch them", () => {
  let document: { id: string };
  const bytes = pdfFile("Document d'Alice", 3000);

  beforeAll(async () => {
    document = await documentOf(alice, bytes, { name: "Bulletin de salaire", category: "revenu" });
  });

  it("answers 401 to anonymous requests on every route", async () => {
    const unauthenticated = { code: "unauthenticated", message: "Vous devez être connecté" };
    const anonymous = [
      await t.app.inject({ url: "/api/documents" }),
      await attach(null, { name: "x", category: "autre", uploadId: "a".repeat(32) }),
      await remove(null, document.id),
      await file(null, document.id),
      await file(null, document.id, "?download=1"),
    ];
    for (const response of anonymous) {
      expect(response.statusCode).toBe(401);
      expect(errorOf(response)).toEqual(unauthenticated);
    }
    expect(await documentRow(document.id)).toBeDefined();
  });

  it("answers 404 to another client reading, downloading or deleting the document", async () => {
    for (const query of ["", "?download=1"]) {
      const response = await file(bruno, document.id, query);
      expect(response.statusCode).toBe(404);
      expect(errorOf(response)).toEqual({ code: "not_found", message: documentMessages.notFound });
    }
    const deleted = await remove(bruno, document.id);
    expect(deleted.statusCode).toBe(404);
    expect(errorOf(deleted).message).toBe(documentMessages.notFound);
    expect(await documentRow(document.id)).toBeDefined();
    expect((await file(alice, document.id)).rawPayload.equals(bytes)).toBe(true);
  });

  it("answers 404 to another client attaching the client's upload, which stays hers", async () => {
    const uploadId = await uploadFile(t.app, alice.cookie, pdfFile("à Alice"), "alice.pdf");
    const response = await attach(bruno, { name: "Volé", category: "autre", uploadId });
    expect(response.statusCode).toBe(404);
    expect(errorOf(response)).toMatchObject({
      message: fileMessages.uploadNotFound,
      fields: { uploadId: fileMessages.uploadNotFound },
    });
    const [row] = await t.database.db.select().from(uploads).where(eq(uploads.id, uploadId));
    expect(row?.userId).toBe(alice.user.id);
    expect((await attach(alice, { name: "Le mien", category: "autre", uploadId })).statusCode).toBe(
      201,
    );
  });

  it("lets an administrator read any document's file, but not delete it", async () => {
    const response = await file(admin, document.id, "?download=1");
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload.equals(bytes)).toBe(true);
    expect(response.headers["content-disposition"]).toMatch(
      /^attachment; filename="Bulletin de salaire\.pdf"/,
    );
    // The client's own routes refuse officers, whatever they name.
    expect((await remove(admin, document.id)).statusCode).toBe(403);
    expect(await documentRow(document.id)).toBeDefined();
  });

  it("refuses the file to an officer without a second factor, as every officers' route does", async () => {
    const unenrolled = await signedInUnenrolledAdmin(t.app);
    const loan = await createLoanWithDocuments(t.app, alice.cookie);
    const loanDocument = (loan.documents[0] as { id: string }).id;
    for (const id of [document.id, loanDocument]) {
      const response = await file(unenrolled, id);
      expect(response.statusCode).toBe(403);
      expect(errorOf(response)).toMatchObject({
        code: "second_factor_required",
        message: "Activez la double authentification pour accéder à l'espace administrateur.",
      });
      expect(response.headers["content-type"]).toMatch(/^application\/json/);
    }
  });
});

describe("GET /api/documents: the order", () => {
  it("lists the wizard's three documents (one instant) in the categories' order, for every client (issue 29, 9)", async () => {
    for (const client of [alice, bruno]) {
      const loan = await createLoanWithDocuments(t.app, client.cookie);
      const list = await t.app.inject({
        method: "GET",
        url: "/api/documents?pageSize=50",
        headers: { cookie: client.cookie },
      });
      const ofLoan = (
        list.json().items as Array<{ loanId: number | null; category: string }>
      ).filter((document) => document.loanId === loan.id);
      expect(ofLoan.map((document) => document.category)).toEqual(["identite", "revenu", "banque"]);
    }
  });
});
