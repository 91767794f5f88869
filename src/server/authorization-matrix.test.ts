import type { InjectOptions, RouteOptions } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  authorizationMatrix,
  type Caller,
  type CellContext,
  type MatrixRole,
  type MatrixRow,
  matrixRoles,
  missingTargets,
  rowTemplate,
  type Targets,
} from "./test/authorization-matrix";
import { type MatrixWorld, makeMatrixWorld } from "./test/matrix-world";
import { createTestApp, nextIp, type TestApp, type TestClient, uploadFile } from "./test/test-app";
import { jpegFile, pdfFile } from "./test/test-files";

// Runs the table of test/authorization-matrix.ts against the whole server: on PGlite, and on
// PostgreSQL when TEST_DATABASE_URL is set (as CI's API suite does).

let t: TestApp;
const routes: Array<{ method: string; path: string }> = [];

beforeAll(async () => {
  t = await createTestApp({
    // Four-eyes from 1 000 000 FCFA: the approval rows need a proposal on an ordinary request.
    env: { APPROVAL_SECOND_OFFICER_ABOVE: "1000000" },
    onRoute: (route: RouteOptions) => {
      for (const method of [route.method].flat()) routes.push({ method, path: route.url });
    },
  });
});

afterAll(async () => {
  await t?.close();
});

async function send(row: MatrixRow, world: MatrixWorld, caller: Caller | null, targets: Targets) {
  const context: CellContext = {
    targets,
    caller,
    owner: world.own,
    officer: world.officer as TestClient,
    // Officers upload nothing: a body of theirs names a client's upload (still refused by role).
    callerUpload: () =>
      caller?.role === "own" || caller?.role === "other"
        ? uploadFile(t.app, caller.cookie, jpegFile())
        : uploadFile(t.app, world.own.cookie, pdfFile("anonyme")),
  };
  const request = await row.request(context);
  return t.app.inject({
    ...request,
    method: row.method,
    remoteAddress: nextIp(),
    headers: { ...request.headers, ...(caller ? { cookie: caller.cookie } : {}) },
  } as InjectOptions);
}

/** The error's code; a HEAD answer has no body, only its status to tell. */
function errorCode(row: MatrixRow, response: { json(): unknown }, code: string) {
  if (row.method === "HEAD") return code;
  return (response.json() as { error: { code: string } }).error.code;
}

function summary(response: { statusCode: number; body: string }) {
  return `${response.statusCode} ${response.body.slice(0, 300)}`;
}

/** The cells of a row, refused ones first: an allowed call may consume what it names. */
function cellOrder(row: MatrixRow): MatrixRole[] {
  return [...matrixRoles].sort(
    (a, b) => Number(row.access[a] === "ok") - Number(row.access[b] === "ok"),
  );
}

let shared: Promise<MatrixWorld> | undefined;

describe("authorization matrix", () => {
  it("has exactly one row per route of the server", () => {
    const key = (method: string, path: string) => `${method} ${path}`;
    const rows = new Set(authorizationMatrix.map((row) => key(row.method, row.path)));
    expect(rows.size, "a route has two rows").toBe(authorizationMatrix.length);
    const served = new Set(routes.map((route) => key(route.method, route.path)));
    const missing = routes.filter(
      (route) =>
        !rows.has(key(route.method, route.path)) &&
        // Fastify answers HEAD for every GET route by itself: the GET row decides for both.
        !(route.method === "HEAD" && rows.has(key("GET", route.path))),
    );
    const lines = missing.map((route) => rowTemplate(route.method, route.path));
    expect(
      lines,
      `Routes without a decision on who may call them. Add a row per route to authorizationMatrix in src/server/test/authorization-matrix.ts, e.g.:\n${lines.join("\n")}\n(presets: access.public, access.signedIn, access.ownSession, access.client, access.owner, access.ownerAndOfficers, access.officer; see the header of that file)`,
    ).toEqual([]);
    const stale = [...rows].filter((row) => !served.has(row));
    expect(stale, "rows of routes the server no longer has: remove them").toEqual([]);
  });

  it.each(authorizationMatrix.map((row) => [`${row.method} ${row.path}`, row] as const))(
    "%s",
    async (_name, row) => {
      shared ??= makeMatrixWorld(t);
      const world = row.fresh ? await makeMatrixWorld(t) : await shared;
      for (const role of cellOrder(row)) {
        const caller = role === "anonymous" ? null : world[role];
        const expected = row.access[role];
        const response = await send(row, world, caller, world.targets);
        const label = `${row.method} ${row.path} as ${role}: expected ${expected}, got ${summary(response)}`;
        const okStatuses = row.okStatus === undefined ? [] : [row.okStatus].flat();
        if (!okStatuses.includes(response.statusCode))
          expect(response.statusCode, label).toBeLessThan(500);
        switch (expected) {
          case "ok":
            if (okStatuses.length > 0) expect(okStatuses, label).toContain(response.statusCode);
            else expect(response.statusCode, label).toBeLessThan(300);
            break;
          case "unauthenticated":
            expect(response.statusCode, label).toBe(401);
            expect(errorCode(row, response, "unauthenticated"), label).toBe("unauthenticated");
            break;
          case "forbidden":
            expect(response.statusCode, label).toBe(403);
            expect(errorCode(row, response, "forbidden"), label).toBe("forbidden");
            break;
          case "second-factor":
            expect(response.statusCode, label).toBe(403);
            expect(errorCode(row, response, "second_factor_required"), label).toBe(
              "second_factor_required",
            );
            break;
          case "as-missing": {
            const missing = await send(row, world, caller, missingTargets);
            expect(missing.statusCode, `${label}; the missing one: ${summary(missing)}`).toBe(404);
            expect(summary(response), label).toBe(summary(missing));
            break;
          }
        }
      }
    },
  );
});
