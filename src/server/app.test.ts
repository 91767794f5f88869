import { createHash } from "node:crypto";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { Writable } from "node:stream";
import { brotliCompressSync } from "node:zlib";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { areaPageFile } from "../domain/area-routes";
import type { Database } from "./db/client";
import { loggerOptions } from "./logger";
import { apiFixture } from "./test/api-fixture";
import { createTestApp, nextIp, type TestApp } from "./test/test-app";

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

describe("serving the browser app", () => {
  const webDir = mkdtempSync(join(tmpdir(), "pret-web-"));
  const inline = 'window.__reactRouterContext = {"ssr":false};';
  const moduleScript = 'import "/assets/manifest-1.js";\nimport("/assets/entry.client-1.js");';
  const page = (title: string) =>
    `<!DOCTYPE html><html lang="fr"><head><script type="module" src="/assets/entry.client-1.js"></script></head><body><h1>${title}</h1><script>${inline}</script><script type="module" async="">${moduleScript}</script></body></html>`;
  let web: TestApp;

  beforeAll(async () => {
    mkdirSync(join(webDir, "assets"), { recursive: true });
    mkdirSync(join(webDir, "a-propos"), { recursive: true });
    mkdirSync(join(webDir, ".secret"), { recursive: true });
    writeFileSync(join(webDir, "index.html"), page("Accueil"));
    writeFileSync(join(webDir, "a-propos", "index.html"), page("À propos"));
    writeFileSync(join(webDir, "__spa-fallback.html"), page("Chargement"));
    mkdirSync(join(webDir, dirname(areaPageFile({ id: "client" }))), { recursive: true });
    for (const id of ["client", "client-loan", "admin", "admin-client"]) {
      writeFileSync(join(webDir, areaPageFile({ id })), page(`Espace ${id}`));
    }
    const script = `console.log(${JSON.stringify("x".repeat(2000))});`;
    writeFileSync(join(webDir, "assets", "entry.client-1.js"), script);
    writeFileSync(join(webDir, "assets", "entry.client-1.js.br"), brotliCompressSync(script));
    writeFileSync(join(webDir, "favicon.svg"), "<svg xmlns='http://www.w3.org/2000/svg'/>");
    writeFileSync(join(webDir, ".secret", "key.txt"), "secret");
    writeFileSync(join(webDir, ".env"), "SECRET=1");
    web = await createTestApp({ webDir, database: t.database });
  });
  afterAll(async () => {
    await web?.app.close();
    rmSync(webDir, { recursive: true, force: true });
  });

  const get = (url: string, headers: Record<string, string> = {}) =>
    web.app.inject({ method: "GET", url, headers });

  test("prerendered pages, with and without trailing slash", async () => {
    for (const url of ["/", "/a-propos", "/a-propos/"]) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(200);
      expect(response.headers["content-type"]).toContain("text/html");
      expect(response.headers["cache-control"]).toBe("no-cache");
    }
    expect((await get("/a-propos")).body).toContain("À propos");
    expect((await get("/")).body).toContain("Accueil");
  });

  test("deep links into the areas get their route's page with status 200, never indexed", async () => {
    const pages = {
      "/client/prets/12": "client-loan",
      "/admin/clients/abc?x=1": "admin-client",
      "/client": "client",
      "/admin/": "admin",
    };
    for (const [url, id] of Object.entries(pages)) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(200);
      expect(response.body, url).toContain(`<h1>Espace ${id}</h1>`);
      expect(response.headers["content-type"], url).toContain("text/html");
      expect(response.headers["cache-control"], url).toBe("no-cache");
      expect(response.headers["x-robots-tag"], url).toBe("noindex, nofollow");
    }
  });

  test("unknown paths get the app (which shows 'Page non trouvée') with status 404", async () => {
    for (const url of [
      "/page-inconnue",
      "/clients",
      "/administration/x",
      "/a-propos/equipe",
      "/client/inconnue",
      "/admin/prets/12/x",
    ]) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.headers["content-type"], url).toContain("text/html");
      expect(response.body).toContain("Chargement");
    }
    expect((await get("/a-propos")).headers["x-robots-tag"]).toBeUndefined();
  });

  test("hashed assets: long cache, precompressed when accepted; missing ones 404", async () => {
    const plain = await get("/assets/entry.client-1.js");
    expect(plain.statusCode).toBe(200);
    expect(plain.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(plain.headers["content-type"]).toContain("javascript");
    expect(plain.headers["content-encoding"]).toBeUndefined();
    const br = await get("/assets/entry.client-1.js", { "accept-encoding": "br, gzip" });
    expect(br.headers["content-encoding"]).toBe("br");
    expect(br.headers.vary).toContain("Accept-Encoding");
    const missing = await get("/assets/old-123.js");
    expect(missing.statusCode).toBe(404);
    expect(missing.headers["content-type"]).not.toContain("html");
    expect((await get("/favicon.svg")).headers["cache-control"]).toBe("public, max-age=3600");
  });

  test("scripts carry nosniff but not the page-only headers; SVG keeps the CSP", async () => {
    for (const headers of [{}, { "accept-encoding": "br" }] as Record<string, string>[]) {
      const script = await get("/assets/entry.client-1.js", headers);
      expect(script.headers["x-content-type-options"]).toBe("nosniff");
      expect(script.headers["content-security-policy"]).toBeUndefined();
      expect(script.headers["x-frame-options"]).toBeUndefined();
    }
    // An SVG opened on its own is a document that could run script: it keeps the CSP.
    expect((await get("/favicon.svg")).headers["content-security-policy"]).toContain(
      "default-src 'self'",
    );
  });

  test("nothing outside the build, and no dotfiles", async () => {
    for (const url of [
      "/../package.json",
      "/%2e%2e/package.json",
      "/assets/%2e%2e/%2e%2e/package.json",
      "/..%2f..%2fpackage.json",
      "/.env",
      "/.secret/key.txt",
      "/%2esecret/key.txt",
      "/assets/..%5c..%5cpackage.json",
    ]) {
      const response = await get(url);
      expect(response.body, url).not.toContain('"name": "pret-afrique"');
      expect(response.body, url).not.toContain("SECRET=1");
      expect(response.body, url).not.toBe("secret");
    }
  });

  test("the CSP allows exactly the build's inline scripts, never 'unsafe-inline'", async () => {
    const response = await get("/a-propos");
    const scriptSrc = String(response.headers["content-security-policy"]).match(
      /script-src [^;]*/,
    )?.[0];
    const hash = (value: string) =>
      `'sha256-${createHash("sha256").update(value).digest("base64")}'`;
    expect(scriptSrc).toContain(hash(inline));
    expect(scriptSrc).toContain(hash(moduleScript));
    expect(scriptSrc).not.toContain("unsafe-inline");
    expect(response.headers["x-frame-options"]).toBe("DENY");
  });

  test("API paths are never answered with the app", async () => {
    const response = await get("/api/inconnu");
    expect(response.statusCode).toBe(404);
    expect(response.json().error.code).toBe("not_found");
  });
});
