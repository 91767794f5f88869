import { Writable } from "node:stream";
import fc from "fast-check";
import type { InjectOptions } from "fastify";
import pino from "pino";
import {
  authorizationMatrix,
  type CellContext,
  type CellRequest,
  type MatrixRow,
  type Targets,
} from "./authorization-matrix";
import { type MatrixWorld, makeMatrixWorld } from "./matrix-world";
import { createTestApp, nextIp, registerClient, type TestApp, type TestClient } from "./test-app";

/**
 * Property-based fuzzing of every route (issue 17): each case takes a row of the authorization
 * matrix, builds the request that would succeed, spoils it with generated hostile input (route
 * parameters, query string, JSON fields or whole body, tus headers and bodies: bad Upload-Length
 * and Upload-Offset, PATCH past the length, hostile metadata), sends it as one of the callers and
 * checks the answer: never a 5xx, an error in French with the API's shape, nothing logged as an
 * unexpected error (a download cut after its headers logs one), and the process still answers.
 * Used by src/server/api-fuzz.test.ts (bounded, in `npm test`) and scripts/fuzz.ts (long runs).
 */

/** Control characters: NUL (PostgreSQL's text refuses it) first, then the others a client may send. */
const controlCharacters = [
  "\u0000",
  "\u0001",
  "\u0008",
  "\u001b",
  "\u007f",
  "\u0085",
  "\u2028",
  "\u202e",
  "\ufeff",
  "\ud800",
] as const;

/** Mostly NUL: the one control character the database refuses. */
const controlCharacter: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.constant("\u0000") },
  { weight: 2, arbitrary: fc.constantFrom(...controlCharacters) },
);

const mischief = [
  "\u0000",
  "a\u0000b",
  "%00",
  "\u202Eexe.pdf",
  "\u200F",
  "",
  " ",
  "-1",
  "0",
  "1.5",
  "1e309",
  "NaN",
  "Infinity",
  "null",
  "true",
  "[]",
  "{}",
  "__proto__",
  "constructor",
  "' OR '1'='1",
  "%' OR 1=1 --",
  "_%\\",
  "../../etc/passwd",
  "<script>alert(1)</script>",
  '=HYPERLINK("http://x")',
  "\uFEFF",
  "\uD800",
  "𝕏".repeat(60),
  "a".repeat(5000),
  "9".repeat(40),
  "2147483648",
  "-2147483649",
  "00000000-0000-0000-0000-000000000000",
  "f".repeat(32),
];

/** Text a hostile or broken client may send. */
const someText: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...mischief) },
  { weight: 2, arbitrary: fc.string({ unit: "binary", maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ maxLength: 20 }) },
  { weight: 1, arbitrary: fc.string({ unit: "grapheme", maxLength: 10 }) },
);

/** `text` with `character` slipped in somewhere. */
function slipIn(text: string, character: string, at: number): string {
  const index = at % (text.length + 1);
  return `${text.slice(0, index)}${character}${text.slice(index)}`;
}

/**
 * Text a hostile or broken client may send; a control character slipped in somewhere, as often
 * as not, and NUL the most often of them (a classic: the database refuses it).
 */
export const hostileText: fc.Arbitrary<string> = fc.oneof(
  { weight: 1, arbitrary: someText },
  {
    weight: 1,
    arbitrary: fc
      .tuple(someText, controlCharacter, fc.nat())
      .map(([text, character, at]) => slipIn(text, character, at)),
  },
);

const hostileJson: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: hostileText },
  fc.integer(),
  fc.double(),
  fc.constantFrom(Number.MAX_SAFE_INTEGER, -1, 0, 2 ** 31, 1e21),
  fc.boolean(),
  fc.constant(null),
  fc.array(hostileText, { maxLength: 3 }),
  fc.dictionary(hostileText, hostileText, { maxKeys: 3 }),
);

/** Header values: what Node lets through (no CR, LF or NUL), odd as they come. */
const anyHeaderValue: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    "",
    "-1",
    "0",
    "10",
    "11",
    "1e3",
    "0x10",
    " 10",
    "99999999999999999999",
    "10485761",
    "partial",
    "final;/api/uploads/a /api/uploads/b",
    "1",
    "1.0.0",
    "0.2.2",
    "application/offset+octet-stream",
    "application/json",
    "text/plain",
    "filename",
    "filename ,filetype",
    "filename !!!",
    "a b c,d e f",
  ),
  hostileText.map((text) => `filename ${Buffer.from(text, "utf8").toString("base64")}`),
  fc.string({ maxLength: 30 }).map((text) => text.replace(/[^\x20-\x7e]/g, "")),
);

/**
 * What each tus header is most worth trying with: values well formed for the header, which reach
 * the code behind it (an extension tus knows and the server does not offer, a deferred length),
 * two times in three; anything otherwise.
 */
const wellFormedHeaderValues: Record<string, fc.Arbitrary<string>> = {
  "upload-concat": fc.constantFrom(
    "partial",
    "final;/api/uploads/a /api/uploads/b",
    "final;/api/uploads/a",
    "final;",
  ),
  "upload-defer-length": fc.constantFrom("1", "0", "2"),
  "upload-length": fc.oneof(
    fc.nat(12).map(String),
    fc.constantFrom("10485760", "10485761", "-1", "9007199254740993"),
  ),
  "upload-offset": fc.oneof(fc.nat(12).map(String), fc.constantFrom("-1", "10485761")),
  "upload-metadata": hostileText.map(
    (text) => `filename ${Buffer.from(text, "utf8").toString("base64")}`,
  ),
  "tus-resumable": fc.constantFrom("1.0.0", "0.2.2", "2.0.0", ""),
  "content-type": fc.constantFrom("application/offset+octet-stream", "application/json", ""),
  "x-http-method-override": fc.constantFrom("PATCH", "DELETE", "HEAD", "GET", "POST"),
};

function headerValueFor(name: string): fc.Arbitrary<string> {
  const wellFormed = wellFormedHeaderValues[name];
  return wellFormed
    ? fc.oneof({ weight: 2, arbitrary: wellFormed }, { weight: 1, arbitrary: anyHeaderValue })
    : anyHeaderValue;
}

const tusHeaders = [
  "upload-length",
  "upload-offset",
  "upload-metadata",
  "upload-concat",
  "upload-defer-length",
  "tus-resumable",
  "content-type",
  "x-http-method-override",
] as const;

const queryKeys = ["q", "status", "type", "agence", "retard", "page", "pageSize", "download"];

/**
 * The query-string keys each route reads (its zod query schema in src/domain): a mutation of one
 * of them reaches the route's code, where an unknown key is dropped by the schema.
 */
const routeQueryKeys: Record<string, readonly string[]> = {
  "GET /api/admin/loans": ["q", "status", "type", "agence", "retard", "page", "pageSize"],
  "GET /api/admin/loans/export.csv": ["q", "status", "type", "agence", "retard"],
  "GET /api/admin/clients": ["q", "page", "pageSize"],
  "GET /api/admin/security-events": ["compte", "type", "du", "au", "page", "pageSize"],
  "GET /api/admin/security-events/export.csv": ["compte", "type", "du", "au"],
  "GET /api/admin/messages": ["status", "page"],
  "GET /api/admin/stats": ["agence"],
  "GET /api/admin/stats/monthly": ["agence"],
  "GET /api/loans": ["status", "page", "pageSize"],
  "GET /api/documents": ["page", "pageSize"],
};

/** The free-text search keys among them: where a control character reaches a query's text. */
const searchKeys = new Set(["q", "compte"]);

const routeKey = (row: MatrixRow) => `${row.method} ${row.path}`;
const isTusRow = (row: MatrixRow) => row.path.startsWith("/api/uploads");
/** Answers written as a stream after their headers: a failure past them cuts the download. */
const isStreamingRow = (row: MatrixRow) => row.path.endsWith(".csv");

export type Mutation =
  | { kind: "param"; index: number; value: string }
  | { kind: "query"; key: string; value: string; raw: boolean }
  | { kind: "field"; key: { slot: number } | { name: string }; value: unknown }
  | { kind: "body"; value: unknown }
  | { kind: "raw-body"; text: string; contentType: string }
  | { kind: "header"; name: string; value: string }
  | { kind: "tus-patch"; offset: number; length: number }
  /** One control character in every text of the request: each search key, body string, parameter. */
  | { kind: "poison"; character: string; at: number };

/**
 * The mutations tried on `row`, weighted by what the route takes: its query keys where it reads a
 * query string, tus headers and bodies on the upload routes, JSON fields where it has a body.
 */
function mutationFor(row: MatrixRow): fc.Arbitrary<Mutation> {
  const keys = routeQueryKeys[routeKey(row)] ?? [];
  const tus = isTusRow(row);
  const withBody = row.method !== "GET" && row.method !== "HEAD" && !tus;
  return fc.oneof(
    {
      weight: 2,
      arbitrary: fc.record({
        kind: fc.constant("param" as const),
        index: fc.nat(5),
        value: hostileText,
      }),
    },
    {
      weight: keys.length > 0 ? 6 : 2,
      arbitrary: fc.record({
        kind: fc.constant("query" as const),
        key: fc.oneof(
          ...(keys.length > 0 ? [{ weight: 6, arbitrary: fc.constantFrom(...keys) }] : []),
          { weight: 2, arbitrary: fc.constantFrom(...queryKeys) },
          { weight: 1, arbitrary: hostileText },
        ),
        value: hostileText,
        raw: fc.boolean(),
      }),
    },
    {
      weight: withBody ? 5 : 1,
      arbitrary: fc.record({
        kind: fc.constant("field" as const),
        // Mostly a field the valid body has (so the rest stays valid), sometimes one it has not.
        key: fc.oneof(
          { weight: 4, arbitrary: fc.nat().map((slot) => ({ slot })) },
          { weight: 1, arbitrary: hostileText.map((name) => ({ name })) },
        ),
        value: hostileJson,
      }),
    },
    { weight: 1, arbitrary: fc.record({ kind: fc.constant("body" as const), value: hostileJson }) },
    {
      weight: 1,
      arbitrary: fc.record({
        kind: fc.constant("raw-body" as const),
        text: fc.oneof(
          hostileText,
          fc.constantFrom("{", '{"a":', "[1,", '{"a":"\\u0000"}', "\u0000"),
        ),
        contentType: fc.constantFrom(
          "application/json",
          "application/json; charset=latin1",
          "text/plain",
          "application/x-www-form-urlencoded",
          "multipart/form-data; boundary=x",
          "application/offset+octet-stream",
        ),
      }),
    },
    {
      weight: tus ? 8 : 1,
      arbitrary: fc
        .oneof(
          // The extension headers are the ones a server may not offer: tried the most.
          { weight: 3, arbitrary: fc.constantFrom("upload-concat", "upload-defer-length") },
          { weight: 2, arbitrary: fc.constantFrom(...tusHeaders) },
        )
        .chain((name) =>
          fc.record({
            kind: fc.constant("header" as const),
            name: fc.constant(name),
            value: headerValueFor(name),
          }),
        ),
    },
    {
      weight: tus ? 3 : 1,
      arbitrary: fc.record({
        kind: fc.constant("tus-patch" as const),
        offset: fc.oneof(fc.nat(12), fc.constantFrom(-1, 10_485_761)),
        length: fc.nat(24),
      }),
    },
    {
      weight: 3,
      arbitrary: fc.record({
        kind: fc.constant("poison" as const),
        character: controlCharacter,
        at: fc.nat(),
      }),
    },
  );
}

type Role = "anonymous" | "own" | "other" | "officer" | "unenrolledOfficer";

export type FuzzCase = {
  row: MatrixRow;
  /** "allowed": a caller the row lets through, where the input reaches the route's code. */
  role: Role | "allowed";
  mutations: Mutation[];
};

/** Rows that end the caller's session when they succeed: sent as a throwaway account. */
const endsSession = new Set(["DELETE /api/session", "POST /api/me/password"]);

/**
 * How often a row is drawn: the routes with the most input surface more often (a query string,
 * the tus protocol), and the streamed answers the most (a failure after their headers is the
 * hardest to see), so that a bounded run reaches them.
 */
function rowWeight(row: MatrixRow): number {
  if (isStreamingRow(row)) return 6;
  // The creation is where a client asks for tus's extensions (Upload-Concat, a deferred length).
  if (routeKey(row) === "POST /api/uploads") return 6;
  if (isTusRow(row) || routeQueryKeys[routeKey(row)]) return 3;
  return 1;
}

export const fuzzCase: fc.Arbitrary<FuzzCase> = fc
  .oneof(
    ...authorizationMatrix.map((row) => ({ weight: rowWeight(row), arbitrary: fc.constant(row) })),
  )
  .chain((row) =>
    fc.record({
      row: fc.constant(row),
      role: fc.oneof(
        { weight: 3, arbitrary: fc.constant("allowed" as const) },
        {
          weight: 2,
          arbitrary: fc.constantFrom<Role>(
            "anonymous",
            "own",
            "other",
            "officer",
            "unenrolledOfficer",
          ),
        },
      ),
      mutations: fc.array(mutationFor(row), { minLength: 1, maxLength: 3 }),
    }),
  );

type Request = CellRequest & { method: string };

/** Percent-encoding of the UTF-8 bytes (a lone surrogate is sent as U+FFFD, as a browser does). */
function percentEncode(value: string): string {
  let out = "";
  for (const byte of Buffer.from(value, "utf8")) {
    const character = String.fromCharCode(byte);
    out += /[A-Za-z0-9\-_.~]/.test(character)
      ? character
      : `%${byte.toString(16).padStart(2, "0")}`;
  }
  return out;
}

function setQuery(url: string, key: string, value: string, raw: boolean): string {
  // raw: sent as typed, percent signs included ("%00", "%zz"), printable ASCII only.
  const pair = raw
    ? `${key.replace(/[^\x21-\x7e]|[#&=]/g, "")}=${value.replace(/[^\x21-\x7e]|[#&]/g, "")}`
    : `${percentEncode(key)}=${percentEncode(value)}`;
  return `${url}${url.includes("?") ? "&" : "?"}${pair}`;
}

/** The address with `character` in each route parameter, each query value and each search key. */
function poisonUrl(row: MatrixRow, url: string, character: string, at: number): string {
  const [path = "", query = ""] = url.split("?");
  const pattern = row.path.split("/");
  const segments = path.split("/").map((segment, index) => {
    const named = pattern[index]?.startsWith(":") || pattern[index] === "*";
    return named ? percentEncode(slipIn(decodeURIComponent(segment), character, at)) : segment;
  });
  const params = new URLSearchParams(query);
  for (const key of routeQueryKeys[routeKey(row)] ?? []) {
    if (searchKeys.has(key) && !params.has(key)) params.set(key, "");
  }
  const pairs = [...params].map(
    ([key, value]) => `${percentEncode(key)}=${percentEncode(slipIn(value, character, at))}`,
  );
  return segments.join("/") + (pairs.length > 0 ? `?${pairs.join("&")}` : "");
}

/** The request of `row`, spoiled by each mutation in turn. */
export function mutate(row: MatrixRow, valid: CellRequest, mutations: Mutation[]): Request {
  const request: Request = { ...valid, method: row.method, headers: { ...valid.headers } };
  const headers = request.headers as Record<string, string>;
  for (const change of mutations) {
    switch (change.kind) {
      case "param": {
        const [path = "", query] = request.url.split("?");
        const segments = path.split("/");
        const pattern = row.path.split("/");
        const named = pattern
          .map((segment, index) => (segment.startsWith(":") || segment === "*" ? index : -1))
          .filter((index) => index >= 0);
        const index = named.length > 0 ? (named[change.index % named.length] as number) : -1;
        if (index < 0) break;
        segments[index] = percentEncode(change.value);
        request.url = segments.join("/") + (query === undefined ? "" : `?${query}`);
        break;
      }
      case "query":
        request.url = setQuery(request.url, change.key, change.value, change.raw);
        break;
      case "field": {
        const body =
          request.payload &&
          typeof request.payload === "object" &&
          !Buffer.isBuffer(request.payload)
            ? { ...(request.payload as Record<string, unknown>) }
            : {};
        const keys = Object.keys(body);
        const key =
          "name" in change.key || keys.length === 0
            ? "name" in change.key
              ? change.key.name
              : "champ"
            : (keys[change.key.slot % keys.length] as string);
        body[key] = change.value;
        request.payload = body;
        break;
      }
      case "body":
        request.payload = JSON.stringify(change.value) ?? "null";
        headers["content-type"] = "application/json";
        break;
      case "raw-body":
        request.payload = change.text;
        headers["content-type"] = change.contentType;
        break;
      case "header":
        headers[change.name] = change.value;
        break;
      case "tus-patch":
        request.payload = Buffer.alloc(change.length, 0x25);
        headers["upload-offset"] = String(change.offset);
        headers["content-type"] = "application/offset+octet-stream";
        break;
      case "poison":
        request.url = poisonUrl(row, request.url, change.character, change.at);
        if (
          request.payload &&
          typeof request.payload === "object" &&
          !Buffer.isBuffer(request.payload)
        ) {
          request.payload = Object.fromEntries(
            Object.entries(request.payload as Record<string, unknown>).map(([key, value]) => [
              key,
              typeof value === "string" ? slipIn(value, change.character, change.at) : value,
            ]),
          );
        }
        break;
    }
  }
  return request;
}

/** English words an error message for a client should not carry (a framework's own text). */
const english =
  /\b(the|is|are|must|should|invalid|required|expected|not|found|error|body|header|unsupported|failed)\b|Client Error|Invalid input|received/i;

/** Whether an error message is one of the API's: French, none of a framework's English words. */
export function isEnglish(message: string): boolean {
  return english.test(message);
}

/** What is wrong with an answer, or undefined. */
export function problemWith(
  row: MatrixRow,
  request: Request,
  response: { statusCode: number; body: string; headers: Record<string, unknown> },
): string | undefined {
  const { statusCode } = response;
  if (statusCode >= 500 && ![row.okStatus].flat().includes(statusCode) && statusCode !== 501) {
    return `answered ${statusCode}`;
  }
  if (statusCode === 501 && !request.url.startsWith("/api/uploads")) return "answered 501";
  // A streamed download must be whole: a CSV ends its last record with a line break, and one
  // cut after its headers (the database failing on the first rows) does not.
  const type = String(response.headers["content-type"] ?? "");
  if (statusCode < 300 && type.startsWith("text/csv") && !/\r?\n$/.test(response.body)) {
    return "streamed answer cut short";
  }
  const api = request.url.startsWith("/api");
  if (!api || statusCode < 400 || request.method === "HEAD") return undefined;
  let message: unknown;
  try {
    message = (JSON.parse(response.body) as { error?: { message?: unknown } }).error?.message;
  } catch {
    return `error answer is not JSON: ${response.body.slice(0, 120)}`;
  }
  if (typeof message !== "string" || message.trim() === "") return "error answer without a message";
  if (isEnglish(message)) return `error message in English: ${message}`;
  return undefined;
}

/** Error-level log entries (pino level >= 50): an unexpected error, a cut download. */
export function errorLogCollector() {
  const entries: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split("\n")) {
        if (!line) continue;
        try {
          const entry = JSON.parse(line) as {
            level: number;
            msg?: string;
            err?: { message?: string };
          };
          if (entry.level >= 50)
            entries.push(`${entry.msg ?? ""} ${entry.err?.message ?? ""}`.trim());
        } catch {
          entries.push(line);
        }
      }
      done();
    },
  });
  return { logger: pino({ level: "error" }, stream), entries };
}

export type Fuzzer = {
  t: TestApp;
  world: MatrixWorld;
  /** Sends one case and returns what is wrong with it, if anything. */
  run(fuzz: FuzzCase): Promise<string | undefined>;
  /** Told of every answer's status (the long run counts them). */
  onAnswer?: (status: number) => void;
  /** Told of every problem found, by route and kind (the long run lists the distinct ones). */
  onProblem?: (route: string, problem: string, request: string) => void;
  close(): Promise<void>;
};

/** A platform (PGlite, or PostgreSQL with TEST_DATABASE_URL), its callers, and the oracle. */
export async function createFuzzer(): Promise<Fuzzer> {
  const logs = errorLogCollector();
  const t = await createTestApp({
    logger: logs.logger,
    env: { APPROVAL_SECOND_OFFICER_ABOVE: "1000000" },
  });
  const world = await makeMatrixWorld(t);
  const crashes: string[] = [];
  const onCrash = (error: unknown) => crashes.push(String(error));
  process.on("unhandledRejection", onCrash);
  process.on("uncaughtException", onCrash);
  let upload: Promise<string> | undefined;
  let throwaway: Promise<TestClient> | undefined;

  const run = async ({ row, role: asked, mutations }: FuzzCase): Promise<string | undefined> => {
    const role =
      asked === "allowed"
        ? ((["officer", "own", "other", "anonymous"] as const).find(
            (r) => row.access[r] === "ok",
          ) ?? "own")
        : asked;
    let caller: TestClient | null = role === "anonymous" ? null : world[role];
    if (caller && endsSession.has(`${row.method} ${row.path}`)) {
      throwaway = registerClient(t.app);
      caller = await throwaway;
    }
    const context: CellContext = {
      targets: world.targets as Targets,
      caller: caller ? { ...caller, role } : null,
      owner: world.own,
      officer: world.officer,
      // One finished upload of the owner serves every body that names one.
      callerUpload: () => {
        upload ??= world.targets.uploadId();
        return upload;
      },
    };
    const valid = await row.request(context);
    const request = mutate(row, valid, mutations);
    const logged = logs.entries.length;
    let response: Awaited<ReturnType<typeof t.app.inject>>;
    try {
      response = await t.app.inject({
        ...request,
        remoteAddress: nextIp(),
        headers: { ...request.headers, ...(caller ? { cookie: caller.cookie } : {}) },
      } as InjectOptions);
    } catch (error) {
      fuzzer.onProblem?.(`${row.method} ${row.path}`, "the request failed", request.url);
      return `${request.method} ${request.url}: the request failed: ${String(error)}`;
    }
    fuzzer.onAnswer?.(response.statusCode);
    // Background work (mails) of this request is done before its logs are read.
    await t.outbox();
    const described = `${request.method} ${request.url} as ${role} (${JSON.stringify(mutations).slice(0, 300)})`;
    const problem =
      problemWith(row, request, response) ??
      (logs.entries.length > logged
        ? `logged as an error: ${logs.entries.slice(logged).join(" | ")}`
        : undefined) ??
      (crashes.length > 0 ? `process-level error: ${crashes.join(" | ")}` : undefined);
    if (!problem) return undefined;
    fuzzer.onProblem?.(`${row.method} ${row.path}`, problem, described);
    return `${described}: ${problem}`;
  };

  const fuzzer: Fuzzer = {
    t,
    world,
    run,
    async close() {
      process.off("unhandledRejection", onCrash);
      process.off("uncaughtException", onCrash);
      await t.close();
    },
  };
  return fuzzer;
}

/** The property: every case answers as it should; fast-check shrinks a failing one. */
export function everyRouteProperty(fuzzer: Fuzzer) {
  return fc.asyncProperty(fuzzCase, async (fuzz) => {
    const problem = await fuzzer.run(fuzz);
    if (problem) throw new Error(problem);
  });
}
