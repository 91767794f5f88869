import { describe, expect, test } from "vitest";
import { apiFixture } from "../test/api-fixture";
import { cookiesFrom, newIdentity, nextIp } from "../test/test-app";

// Behind PUBLIC_URL=https://…: secure cookies, links to the public site, HSTS.
const { t } = apiFixture({ app: { env: { PUBLIC_URL: "https://prets.example.com" } } });

describe("with PUBLIC_URL over https", () => {
  test("session cookies are Secure; sign-in from the public origin works", async () => {
    const identity = newIdentity();
    const register = await t.app.inject({
      method: "POST",
      url: "/api/register",
      payload: identity,
      headers: { origin: "https://prets.example.com" },
      remoteAddress: nextIp(),
    });
    expect(register.statusCode).toBe(201);
    const cookie = register.cookies.find((c) => c.name.endsWith("horizon.session_token"));
    expect(cookie?.name).toBe("__Secure-horizon.session_token");
    expect(cookie?.secure).toBe(true);
    expect(cookie?.httpOnly).toBe(true);
    const session = await t.app.inject({
      method: "GET",
      url: "/api/session",
      headers: { cookie: cookiesFrom(register) },
    });
    expect(session.json().user.email).toBe(identity.email);
    const foreign = await t.app.inject({
      method: "POST",
      url: "/api/session",
      payload: { email: identity.email, password: identity.password },
      headers: { origin: "https://prets.example.com.evil.example" },
      remoteAddress: nextIp(),
    });
    expect(foreign.statusCode).toBe(403);
  });

  test("reset links point at PUBLIC_URL whatever the request's origin", async () => {
    const identity = newIdentity();
    await t.app.inject({
      method: "POST",
      url: "/api/register",
      payload: identity,
      remoteAddress: nextIp(),
    });
    const response = await t.app.inject({
      method: "POST",
      url: "/api/password-reset",
      payload: { email: identity.email },
      headers: { origin: "http://localhost:3000" },
      remoteAddress: nextIp(),
    });
    expect(response.statusCode).toBe(200);
    const [mail] = await t.mailsTo(identity.email);
    expect(mail?.texts.join("\n")).toContain("https://prets.example.com/reset-password?token=");
  });

  test("HSTS and upgrade-insecure-requests over https", async () => {
    const api = await t.app.inject({ method: "GET", url: "/api/health" });
    expect(api.headers["strict-transport-security"]).toContain("max-age=31536000");
    // The CSP belongs to documents: an HTML answer (here the page shown without a web build).
    const page = await t.app.inject({ method: "GET", url: "/" });
    expect(page.headers["content-type"]).toContain("text/html");
    expect(page.headers["strict-transport-security"]).toContain("max-age=31536000");
    expect(String(page.headers["content-security-policy"])).toContain("upgrade-insecure-requests");
  });
});
