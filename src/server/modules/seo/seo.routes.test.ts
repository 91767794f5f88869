import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/test-app";

describe("robots.txt and sitemap.xml", () => {
  let t: TestApp;
  let configured: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
    configured = await createTestApp({
      env: { PUBLIC_URL: "https://prets.horizoncredit.africa/" },
    });
  });

  afterAll(async () => {
    await t?.close();
    await configured?.close();
  });

  it("keeps crawlers out of the signed-in areas, the API and the auth screens", async () => {
    const response = await t.app.inject({
      url: "/robots.txt",
      headers: { host: "127.0.0.1:4319" },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toMatch(/^text\/plain/);
    const lines = response.body.split("\n");
    for (const path of ["/client", "/admin", "/api/", "/auth/"]) {
      expect(lines).toContain(`Disallow: ${path}`);
    }
    expect(lines).toContain("Sitemap: http://127.0.0.1:4319/sitemap.xml");
  });

  it("lists the four public pages with absolute URLs from the request's host", async () => {
    const response = await t.app.inject({
      url: "/sitemap.xml",
      headers: { host: "127.0.0.1:4319" },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toMatch(/^application\/xml/);
    const locations = [...response.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]);
    expect(locations).toEqual([
      "http://127.0.0.1:4319/",
      "http://127.0.0.1:4319/a-propos",
      "http://127.0.0.1:4319/services",
      "http://127.0.0.1:4319/contact",
    ]);
  });

  it("prefers PUBLIC_URL when it is set", async () => {
    const sitemap = await configured.app.inject({
      url: "/sitemap.xml",
      headers: { host: "evil.example" },
    });
    expect(sitemap.body).toContain("<loc>https://prets.horizoncredit.africa/a-propos</loc>");
    expect(sitemap.body).not.toContain("evil.example");
    const robots = await configured.app.inject({ url: "/robots.txt" });
    expect(robots.body).toContain("Sitemap: https://prets.horizoncredit.africa/sitemap.xml");
  });

  it("never writes a forged Host header into the files", async () => {
    const response = await t.app.inject({
      url: "/sitemap.xml",
      headers: { host: "<script>x</script>" },
    });
    expect(response.body).not.toContain("<script>");
  });
});
