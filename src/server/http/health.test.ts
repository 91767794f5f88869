import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { signValue } from "../auth/session-check";
import { type Database, openDatabase } from "../db/client";
import { freePort } from "../test/server-process";
import { createTestApp, type TestApp } from "../test/test-app";
import { isDatabaseUnavailable } from "./database-unavailable";
import { healthMessages } from "./health";

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});

afterAll(async () => {
  await t?.close();
});

describe("GET /api/health/ready", () => {
  test("200 when the database and the storage answer", async () => {
    const response = await t.app.inject({ method: "GET", url: "/api/health/ready" });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: "ready", database: "up", storage: "up" });
    expect(response.headers["cache-control"]).toBe("no-store");
  });

  test("503 naming the storage when its directory cannot be written", async () => {
    const broken = await createTestApp({ sharedWith: t });
    try {
      broken.app.deps.storage.check = async () => {
        throw new Error("EROFS: read-only file system");
      };
      const response = await broken.app.inject({ method: "GET", url: "/api/health/ready" });
      expect(response.statusCode).toBe(503);
      expect(response.headers["retry-after"]).toBe("5");
      expect(response.json()).toEqual({
        status: "unavailable",
        database: "up",
        storage: "down",
        message: healthMessages.storage,
      });
    } finally {
      await broken.close();
    }
  });
});

describe("a PostgreSQL server that cannot be reached", () => {
  let down: TestApp;
  let unreachable: Database;

  beforeAll(async () => {
    // Nothing listens on this port: every connection is refused, as when the server is stopped.
    const port = await freePort();
    unreachable = await openDatabase({
      kind: "postgres",
      url: `postgres://postgres@127.0.0.1:${port}/absente`,
    });
    down = await createTestApp({ database: unreachable });
  });

  afterAll(async () => {
    await down?.app.close();
    await unreachable?.close();
  });

  test("the driver's error, wrapped by Drizzle, is recognised", async () => {
    const error = await unreachable.db.query.user.findFirst().catch((cause: unknown) => cause);
    expect(isDatabaseUnavailable(error)).toBe(true);
    expect(isDatabaseUnavailable(new Error('relation "x" does not exist'))).toBe(false);
    expect(isDatabaseUnavailable(Object.assign(new Error("syntax"), { code: "42601" }))).toBe(
      false,
    );
    expect(
      isDatabaseUnavailable(Object.assign(new Error("shutting down"), { code: "57P01" })),
    ).toBe(true);
  });

  test("liveness and readiness say the database is down", async () => {
    const health = await down.app.inject({ method: "GET", url: "/api/health" });
    expect(health.statusCode).toBe(503);
    expect(health.json()).toEqual({ status: "error", database: "down" });
    const ready = await down.app.inject({ method: "GET", url: "/api/health/ready" });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toEqual({
      status: "unavailable",
      database: "down",
      storage: "up",
      message: healthMessages.database,
    });
  });

  test("requests that need it answer a French 503 with Retry-After, never a 500", async () => {
    const requests = [
      {
        method: "POST" as const,
        url: "/api/contact",
        payload: {
          name: "Awa Koné",
          email: "awa@exemple.ci",
          subject: "Question",
          message: "Bonjour, une question sur les prêts.",
        },
      },
      {
        method: "POST" as const,
        url: "/api/session",
        payload: { email: "awa@exemple.ci", password: "Baobab-Lagune-42" },
      },
      {
        method: "POST" as const,
        url: "/api/register",
        payload: { fullName: "Awa Koné", email: "awa@exemple.ci", password: "Baobab-Lagune-42" },
      },
      {
        method: "GET" as const,
        url: "/api/me",
        // A well-signed cookie: only the database can tell whether its session exists.
        headers: {
          cookie: `horizon.session_token=${encodeURIComponent(signValue("jeton-de-session", down.authSecret))}`,
        },
      },
    ];
    for (const request of requests) {
      const response = await down.app.inject(request);
      expect({ url: request.url, status: response.statusCode }).toEqual({
        url: request.url,
        status: 503,
      });
      const body = response.json();
      const error = body.error;
      expect(error).toEqual({
        code: "service_unavailable",
        message: "Service momentanément indisponible. Veuillez réessayer plus tard.",
      });
      expect(response.headers["retry-after"]).toBe("5");
    }
  });
});
