import { Writable } from "node:stream";
import pino from "pino";
import { describe, expect, test } from "vitest";
import type { Database } from "./db/client";
import { loggerOptions } from "./logger";
import { apiFixture } from "./test/api-fixture";
import { createTestApp, nextIp } from "./test/test-app";

const logLines: string[] = [];
const sink = new Writable({
  write(chunk, _encoding, callback) {
    logLines.push(String(chunk));
    callback();
  },
});
// The production logger settings (redaction, URL masking), writing into `logLines`.
const { t } = apiFixture({ app: () => ({ logger: pino(loggerOptions("debug"), sink) }) });

describe("API basics", () => {
  test("GET /api/health: 200 when the database answers", async () => {
    const response = await t.app.inject({ method: "GET", url: "/api/health" });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: "ok", database: "up" });
    expect(response.headers["cache-control"]).toBe("no-store");
  });

  test("unknown /api paths: 404 JSON in French, whatever the method", async () => {
    for (const [method, url] of [
      ["GET", "/api/nope"],
      ["POST", "/api/nope/deeper"],
      ["DELETE", "/api/loans/12"],
      ["GET", "/api"],
    ] as const) {
      const response = await t.app.inject({ method, url });
      expect(response.statusCode, url).toBe(404);
      expect(response.json()).toEqual({
        error: { code: "not_found", message: "Ressource introuvable" },
      });
    }
  });

  test("malformed or unexpected bodies: 400/413/415 in French, never 500", async () => {
    const bad = await t.app.inject({
      method: "POST",
      url: "/api/session",
      headers: { "content-type": "application/json" },
      payload: "{email:",
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({
      error: { code: "invalid_json", message: "Le corps de la requête n'est pas un JSON valide." },
    });
    const array = await t.app.inject({ method: "POST", url: "/api/session", payload: [1, 2] });
    expect(array.statusCode).toBe(400);
    expect(array.json().error.message).toBe("Requête invalide : un objet JSON est attendu.");
    const text = await t.app.inject({
      method: "POST",
      url: "/api/session",
      headers: { "content-type": "text/plain" },
      payload: "email=a",
    });
    expect(text.statusCode).toBe(400);
    const xml = await t.app.inject({
      method: "POST",
      url: "/api/session",
      headers: { "content-type": "application/xml" },
      payload: "<a/>",
    });
    expect(xml.statusCode).toBe(415);
    expect(xml.json().error.message).toBe("Type de contenu non pris en charge : envoyez du JSON.");
    const huge = await t.app.inject({
      method: "POST",
      url: "/api/session",
      headers: { "content-type": "application/json" },
      payload: JSON.stringify({ email: "a".repeat(2 * 1024 * 1024) }),
    });
    expect(huge.statusCode).toBe(413);
    expect(huge.json().error.message).toBe("La requête est trop volumineuse.");
    const proto = await t.app.inject({
      method: "POST",
      url: "/api/session",
      headers: { "content-type": "application/json" },
      payload: '{"__proto__": {"admin": true}}',
    });
    expect(proto.statusCode).toBe(400);
  });

  test("security headers: the CSP on pages, nosniff and the referrer policy on every answer", async () => {
    // Without a browser build, pages answer an HTML 503: a document, with the CSP.
    const page = await t.app.inject({ method: "GET", url: "/client/prets/12" });
    expect(page.headers["content-type"]).toContain("text/html");
    const csp = String(page.headers["content-security-policy"]);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toMatch(/script-src 'self'(;| )/);
    expect(csp).not.toContain("unsafe-inline';script");
    expect(csp.match(/script-src [^;]*/)?.[0]).not.toContain("unsafe-inline");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("frame-src https://www.openstreetmap.org");
    expect(csp).toContain("object-src 'none'");
    expect(page.headers["x-frame-options"]).toBe("DENY");
    expect(page.headers["x-content-type-options"]).toBe("nosniff");
    // Plain http on localhost: no HSTS, no upgrade of sub-resources.
    expect(page.headers["strict-transport-security"]).toBeUndefined();
    expect(csp).not.toContain("upgrade-insecure-requests");

    // JSON is never rendered as a document (nosniff): no CSP or framing headers on it, ~1.2 KB
    // less per API answer.
    for (const url of ["/api/health", "/api/inconnu"]) {
      const response = await t.app.inject({ method: "GET", url });
      expect(response.headers["content-type"], url).toContain("application/json");
      expect(response.headers["x-content-type-options"], url).toBe("nosniff");
      expect(response.headers["referrer-policy"], url).toBe("strict-origin-when-cross-origin");
      expect(response.headers["cross-origin-resource-policy"], url).toBe("same-origin");
      expect(response.headers["content-security-policy"], url).toBeUndefined();
      expect(response.headers["x-frame-options"], url).toBeUndefined();
    }
  });

  test("without a browser build, pages answer a French 503 and the API still works", async () => {
    const response = await t.app.inject({ method: "GET", url: "/client/prets/12" });
    expect(response.statusCode).toBe(503);
    expect(response.headers["content-type"]).toContain("text/html");
    expect(response.body).toContain("Plateforme en préparation");
    expect((await t.app.inject({ method: "GET", url: "/api/health" })).statusCode).toBe(200);
  });

  test("logs never hold passwords, cookies or the reset page's token", async () => {
    const password = "Secret-Baobab-Log-91";
    const register = await t.app.inject({
      method: "POST",
      url: "/api/register",
      payload: { fullName: "Moussa Sow", email: "moussa.logs@exemple.ci", password },
      remoteAddress: nextIp(),
    });
    expect(register.statusCode).toBe(201);
    const cookieValue = register.cookies[0]?.value ?? "";
    expect(cookieValue.length).toBeGreaterThan(10);
    await t.app.inject({
      method: "GET",
      url: "/api/me",
      headers: { cookie: `horizon.session_token=${cookieValue}` },
    });
    await t.app.inject({ method: "GET", url: "/reset-password?token=SecretTokenValue123" });
    const logs = logLines.join("");
    expect(logs).toContain("/api/register");
    expect(logs).toContain("token=[masqué]");
    expect(logs).not.toContain(password);
    expect(logs).not.toContain(cookieValue.split(".")[0]);
    expect(logs).not.toContain("SecretTokenValue123");
  });
});

describe("GET /api/health when the database is down", () => {
  test("answers 503", async () => {
    const broken: Database = {
      db: t.database.db,
      kind: "pglite",
      ping: async () => {
        throw new Error("connection refused");
      },
      close: async () => {},
    };
    const down = await createTestApp({ database: broken });
    try {
      const response = await down.app.inject({ method: "GET", url: "/api/health" });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({ status: "error", database: "down" });
    } finally {
      await down.app.close();
    }
  });
});
