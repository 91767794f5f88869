import type { FastifyInstance } from "fastify";

// The test harness's helpers (registerClient, signedInAdmin's enrolment, uploadFile,
// createLoanWithDocuments...) speak `app.inject`. The tests that run the server as a real
// process (a SIGKILL, a soak) reuse them through this: the same call, sent over HTTP with fetch,
// and the answer in the shape of light-my-request's (statusCode, body, json(), cookies, headers).

type InjectOptions = {
  method: string;
  url: string;
  headers?: Record<string, string>;
  payload?: unknown;
  /** Ignored: a real socket has its own address (servers under test disable the rate limits). */
  remoteAddress?: string;
};

export type HttpAnswer = {
  statusCode: number;
  body: string;
  headers: Record<string, string>;
  cookies: Array<{ name: string; value: string; maxAge?: number; expires?: Date }>;
  json(): unknown;
};

function parseSetCookie(line: string) {
  const [pair = "", ...attributes] = line.split(";");
  const at = pair.indexOf("=");
  const cookie: HttpAnswer["cookies"][number] = {
    name: pair.slice(0, at).trim(),
    value: pair.slice(at + 1).trim(),
  };
  for (const attribute of attributes) {
    const [name = "", value = ""] = attribute.trim().split("=");
    if (name.toLowerCase() === "max-age") cookie.maxAge = Number(value);
    if (name.toLowerCase() === "expires") cookie.expires = new Date(value);
  }
  return cookie;
}

/** One request over HTTP, with the page's Origin (the API checks it on writes). */
export async function injectOverHttp(origin: string, options: InjectOptions): Promise<HttpAnswer> {
  const headers: Record<string, string> = { origin, ...options.headers };
  let body: BodyInit | undefined;
  if (Buffer.isBuffer(options.payload)) {
    body = new Uint8Array(options.payload);
  } else if (typeof options.payload === "string") {
    body = options.payload;
  } else if (options.payload !== undefined) {
    body = JSON.stringify(options.payload);
    headers["content-type"] ??= "application/json";
  }
  const response = await fetch(`${origin}${options.url}`, {
    method: options.method,
    headers,
    body,
  });
  const text = await response.text();
  const answerHeaders: Record<string, string> = {};
  response.headers.forEach((value, name) => {
    answerHeaders[name] = value;
  });
  return {
    statusCode: response.status,
    body: text,
    headers: answerHeaders,
    cookies: response.headers.getSetCookie().map(parseSetCookie),
    json: () => JSON.parse(text),
  };
}

/**
 * A stand-in for the Fastify app whose only member is inject(), sent to the server at `origin`.
 * Only for the harness's helpers that use nothing else (not signedInAdmin, which writes to the
 * database directly).
 */
export function appOverHttp(origin: string): FastifyInstance {
  return {
    inject: (options: InjectOptions) => injectOverHttp(origin, options),
  } as unknown as FastifyInstance;
}
