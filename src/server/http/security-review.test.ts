import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { uploads } from "../db/schema";
import {
  uploadExtensionUnsupportedMessage,
  uploadRefusedMessage,
} from "../modules/uploads/tus-server";
import { apiFixture } from "../test/api-fixture";
import { errorOf, uploadFile } from "../test/test-app";
import { pdfFile } from "../test/test-files";
import { messages } from "./app-error";

// The five answers a security review found to be 500s (issue 17), each asked again as it was.

const {
  t,
  officers: [officer],
  clients: [alice],
} = apiFixture({ officers: 1, clients: 1 });

const nulRefusal = { code: "nul_character", message: messages.nulCharacter };

describe("half a character (a lone surrogate) in a JSON body", () => {
  it("answers a French 400 instead of the database's error (found by the API fuzz test)", async () => {
    const response = await t.app.inject({
      method: "PATCH",
      url: "/api/me",
      headers: { cookie: alice.cookie, "content-type": "application/json" },
      // JSON.stringify writes a lone surrogate as the escape \ud800, as a hostile client would.
      payload: JSON.stringify({ firstName: "\ud800\ufeff\udc00", lastName: "Koné" }),
    });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response)).toEqual({
      code: "invalid_character",
      message: messages.invalidCharacter,
    });
    const profile = await t.app.inject({ url: "/api/me", headers: { cookie: alice.cookie } });
    expect(profile.json().user.firstName).not.toContain("\ufeff");
  });
});

describe("a NUL character anywhere in a request", () => {
  it.each([
    "/api/admin/loans?q=%00",
    "/api/admin/clients?q=a%00b",
    "/api/admin/loans/export.csv?q=%00",
    "/api/admin/loans?status=%00",
    "/api/admin/clients/a%00b",
  ])("GET %s answers a French 400", async (url) => {
    const response = await t.app.inject({ url, headers: { cookie: officer.cookie } });
    expect(response.statusCode).toBe(400);
    expect(response.headers["content-type"]).toMatch(/^application\/json/);
    expect(errorOf(response)).toEqual(nulRefusal);
  });

  it("in a JSON body (PUT /api/admin/loans/1/assignee) answers a French 400", async () => {
    const response = await t.app.inject({
      method: "PUT",
      url: "/api/admin/loans/1/assignee",
      headers: { cookie: officer.cookie },
      payload: { assigneeId: "a\u0000b" },
    });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response)).toEqual(nulRefusal);
  });

  it("in a key or a nested value of a body, as in a query-string array", async () => {
    const nested = await t.app.inject({
      method: "POST",
      url: "/api/contact",
      payload: { name: "Awa", extra: { "k\u0000": ["x"] } },
    });
    expect(nested.statusCode).toBe(400);
    expect(errorOf(nested)).toEqual(nulRefusal);
    const repeated = await t.app.inject({
      url: "/api/admin/loans?q=a&q=%00",
      headers: { cookie: officer.cookie },
    });
    expect(repeated.statusCode).toBe(400);
  });

  it("the officers' export still answers a whole file without one", async () => {
    const response = await t.app.inject({
      url: "/api/admin/loans/export.csv?q=zz",
      headers: { cookie: officer.cookie },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toMatch(/^text\/csv/);
    expect(response.body).toMatch(/^\uFEFFNuméro;/);
  });
});

describe("tus extensions the platform does not offer", () => {
  it("Upload-Concat answers 501 with a French message, and creates nothing", async () => {
    const before = await t.database.db
      .select()
      .from(uploads)
      .where(eq(uploads.userId, alice.user.id));
    for (const concat of ["partial", "final;/api/uploads/a /api/uploads/b"]) {
      const response = await t.app.inject({
        method: "POST",
        url: "/api/uploads",
        headers: {
          cookie: alice.cookie,
          "tus-resumable": "1.0.0",
          "upload-length": "10",
          "upload-concat": concat,
        },
      });
      expect(response.statusCode, concat).toBe(501);
      expect(errorOf(response)).toEqual({
        code: "upload_extension_unsupported",
        message: uploadExtensionUnsupportedMessage,
      });
    }
    // A value tus cannot read is a malformed request, as any other.
    const malformed = await t.app.inject({
      method: "POST",
      url: "/api/uploads",
      headers: {
        cookie: alice.cookie,
        "tus-resumable": "1.0.0",
        "upload-length": "10",
        "upload-concat": "nonsense",
      },
    });
    expect(malformed.statusCode).toBe(400);
    expect(errorOf(malformed)).toEqual({ code: "upload_refused", message: uploadRefusedMessage });
    const after = await t.database.db
      .select()
      .from(uploads)
      .where(eq(uploads.userId, alice.user.id));
    expect(after).toHaveLength(before.length);
  });
});

describe("bidirectional controls in a file name", () => {
  it("are dropped from the stored name, the JSON and the download's header", async () => {
    const given = "facture\u202Efdp.exe\u2066\u200F\u061C.pdf";
    const uploadId = await uploadFile(t.app, alice.cookie, pdfFile("rtl"), given);
    const [row] = await t.database.db.select().from(uploads).where(eq(uploads.id, uploadId));
    expect(row?.fileName).toBe("facturefdp.exe.pdf");

    const attached = await t.app.inject({
      method: "POST",
      url: "/api/documents",
      headers: { cookie: alice.cookie },
      payload: { name: given, category: "autre", uploadId },
    });
    expect(attached.statusCode, attached.body).toBe(201);
    const { document } = attached.json();
    expect(document.fileName).toBe("facturefdp.exe.pdf");

    const file = await t.app.inject({
      url: `/api/documents/${document.id}/file?download=1`,
      headers: { cookie: alice.cookie },
    });
    expect(file.statusCode).toBe(200);
    const disposition = String(file.headers["content-disposition"]);
    expect(disposition).toBe(
      `attachment; filename="facturefdp.exe.pdf"; filename*=UTF-8''facturefdp.exe.pdf`,
    );
  });
});

describe("what the fuzz test found next", () => {
  it("a route parameter longer than the router takes answers in French, not Fastify's English", async () => {
    const long = "a".repeat(5000);
    const response = await t.app.inject({
      method: "POST",
      url: `/api/admin/loans/${long}/approval/return`,
      headers: { cookie: officer.cookie },
      payload: { proposalId: 1, comment: "x" },
    });
    expect(response.statusCode, response.body).toBe(414);
    expect(errorOf(response)).toEqual({ code: "uri_too_long", message: messages.uriTooLong });
    // Where the router does not get as far as the parameter, the address is simply not found.
    const read = await t.app.inject({
      url: `/api/loans/${long}`,
      headers: { cookie: alice.cookie },
    });
    expect(read.statusCode).toBe(404);
    expect(errorOf(read).code).toBe("not_found");
  });
});
