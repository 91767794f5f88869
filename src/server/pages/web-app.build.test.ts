import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { webClientDir } from "../project-root";
import {
  createTestApp,
  registerClient,
  signedInAdmin,
  signedInUnenrolledAdmin,
  type TestApp,
  type TestClient,
} from "../test/test-app";
import { inlineScriptHashes } from "./web-app";

// The built browser app as the server serves it (run after `npm run build`: `npm run
// test:build`): the prerendered public pages and the build's files as they are, every other page
// rendered by React Router for its request, as its user, with the areas' access decided before
// anything is drawn.

let t: TestApp;
let client: TestClient;

beforeAll(async () => {
  t = await createTestApp({ webDir: webClientDir() });
  client = await registerClient(t.app);
});

afterAll(async () => {
  await t?.close();
});

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: "GET", url, headers });

describe("the prerendered public pages and the build's files", () => {
  test("public pages, with and without trailing slash, as prerendered", async () => {
    for (const url of ["/", "/a-propos", "/a-propos/", "/services", "/contact"]) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(200);
      expect(response.headers["content-type"], url).toContain("text/html");
      expect(response.headers["cache-control"], url).toBe("no-cache");
      expect(response.headers["x-robots-tag"], url).toBeUndefined();
    }
    expect((await get("/a-propos")).body).toContain("À propos");
  });

  test("hashed assets: long cache, precompressed when accepted; missing ones 404", async () => {
    const page = (await get("/")).body;
    const script = /<link rel="modulepreload" href="(\/assets\/[^"]+\.js)"/.exec(page)?.[1];
    const asset = script ?? "/favicon.svg";
    const plain = await get(asset);
    expect(plain.statusCode).toBe(200);
    if (script) {
      expect(plain.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
      expect(plain.headers["content-type"]).toContain("javascript");
      // Scripts carry nosniff but not the page-only headers.
      expect(plain.headers["x-content-type-options"]).toBe("nosniff");
      expect(plain.headers["content-security-policy"]).toBeUndefined();
    }
    const missing = await get("/assets/old-123.js");
    expect(missing.statusCode).toBe(404);
    expect(missing.headers["content-type"]).not.toContain("html");
    // An SVG opened on its own is a document that could run script: it keeps the CSP.
    const svg = await get("/favicon.svg");
    expect(svg.headers["cache-control"]).toBe("public, max-age=3600");
    expect(svg.headers["content-security-policy"]).toContain("default-src 'self'");
  });

  test("compressed as the browser accepts", async () => {
    const br = await get("/a-propos", { "accept-encoding": "br, gzip" });
    expect(br.headers["content-encoding"]).toBe("br");
    expect(br.headers.vary).toContain("Accept-Encoding");
    const drawn = await get("/auth/login", { "accept-encoding": "br, gzip" });
    expect(drawn.headers["content-encoding"]).toBe("br");
  });

  test("nothing outside the build, and no dotfiles", async () => {
    for (const url of [
      "/../package.json",
      "/%2e%2e/package.json",
      "/assets/%2e%2e/%2e%2e/package.json",
      "/..%2f..%2fpackage.json",
      "/.vite/manifest.json",
      "/%2evite/manifest.json",
      "/assets/..%5c..%5cpackage.json",
    ]) {
      const response = await get(url);
      expect(response.body, url).not.toContain('"name": "pret-afrique"');
      expect(response.body, url).not.toContain('"file": "assets/');
    }
  });

  test("the CSP of a prerendered page allows exactly its inline scripts, never 'unsafe-inline'", async () => {
    const response = await get("/a-propos");
    const scriptSrc = String(response.headers["content-security-policy"]).match(
      /script-src [^;]*/,
    )?.[0];
    const html = readFileSync(join(webClientDir(), "a-propos", "index.html"), "utf8");
    for (const hash of inlineScriptHashes(html)) expect(scriptSrc).toContain(hash);
    expect(scriptSrc).not.toContain("unsafe-inline");
    expect(response.headers["x-frame-options"]).toBe("DENY");
  });

  test("API paths are never answered with the app", async () => {
    const response = await get("/api/inconnu");
    expect(response.statusCode).toBe(404);
    expect(response.json().error.code).toBe("not_found");
  });
});

describe("pages rendered for their request", () => {
  test("unknown paths: 'Page non trouvée' with status 404, never indexed", async () => {
    for (const url of ["/page-inconnue", "/clients", "/a-propos/equipe", "/client/inconnue/x"]) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.headers["content-type"], url).toContain("text/html");
      expect(response.body, url).toContain("Page non trouvée");
      expect(response.headers["x-robots-tag"], url).toBe("noindex, nofollow");
    }
  });

  test("an area page without a session: sent to the login page, coming back after it", async () => {
    for (const [url, back] of [
      ["/client/prets/12", "/client/prets/12"],
      ["/admin/clients?q=kon%C3%A9", "/admin/clients?q=kon%C3%A9"],
    ] as const) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(302);
      const location = new URL(String(response.headers.location), "http://x");
      expect(location.pathname).toBe("/auth/login");
      expect(location.searchParams.get("retour")).toBe(back);
    }
  });

  test("each area lets in only its users, decided by the server before any page is drawn", async () => {
    const officer = await signedInAdmin(t.app);
    const unenrolled = await signedInUnenrolledAdmin(t.app);
    const cases = [
      [client.cookie, "/admin/clients", "/client"],
      [officer.cookie, "/client/documents", "/admin"],
      [unenrolled.cookie, "/admin/prets", "/admin/double-authentification"],
      [unenrolled.cookie, "/admin", "/admin/double-authentification"],
    ] as const;
    for (const [cookie, url, target] of cases) {
      const response = await get(url, { cookie });
      expect(response.statusCode, url).toBe(302);
      expect(response.headers.location, url).toBe(target);
    }
    const enrolling = await get("/admin/double-authentification", { cookie: unenrolled.cookie });
    expect(enrolling.statusCode).toBe(200);
    expect(enrolling.body).toContain("Double authentification");
  });

  test("a signed-in page: drawn with its user's data, personal, with a nonce for its scripts", async () => {
    const response = await get("/client", { cookie: client.cookie });
    expect(response.statusCode).toBe(200);
    expect(response.headers["cache-control"]).toBe("private, no-store");
    expect(response.headers["x-robots-tag"]).toBe("noindex, nofollow");
    expect(response.body).toMatch(/Bonjour, (<!-- -->)?Awa/);
    const csp = String(response.headers["content-security-policy"]);
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
    expect(nonce).toBeTruthy();
    const scripts = [...response.body.matchAll(/<script\b([^>]*)>/g)].map((match) => match[1]);
    expect(scripts.length).toBeGreaterThan(0);
    for (const attributes of scripts) expect(attributes).toContain(`nonce="${nonce}"`);
    // A nonce of its own for each answer.
    const again = await get("/client", { cookie: client.cookie });
    expect(String(again.headers["content-security-policy"])).not.toContain(String(nonce));
    expect(csp).not.toContain("unsafe-inline'; script");
  });

  test("a navigation's data comes from the same loaders, as the same user", async () => {
    const response = await get("/client/documents.data", { cookie: client.cookie });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain("items");
    const anonymous = await get("/client/documents.data");
    // React Router's answer to a navigation that the server redirects.
    expect([202, 204, 302]).toContain(anonymous.statusCode);
    expect(anonymous.body).not.toContain("items");
  });

  test("a request that is not the user's is 'not found', as through the API", async () => {
    const other = await registerClient(t.app);
    const response = await get("/client/prets/99999999", { cookie: other.cookie });
    expect(response.statusCode).toBe(404);
    expect(response.body).toContain("Demande de prêt");
  });
});

test("the hashes of a page's inline scripts", () => {
  const html =
    '<script>one()</script><script src="/x.js"></script><script type="module">two()</script>';
  const hash = (value: string) => `'sha256-${createHash("sha256").update(value).digest("base64")}'`;
  expect(inlineScriptHashes(html)).toEqual([hash("one()"), hash("two()")]);
});
