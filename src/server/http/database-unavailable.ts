import { AppError, messages } from "./app-error";

/** Seconds a client (or a proxy) should wait before trying again while the database is away. */
export const unavailableRetryAfterSeconds = 5;

/** The 503 of a request that needed the database while it could not be reached. */
export const databaseUnavailable = () =>
  new AppError(
    "service_unavailable",
    503,
    messages.unavailable,
    undefined,
    unavailableRetryAfterSeconds,
  );

// Connection failures as node-postgres reports them: a socket error code, or one of its own
// messages when a connection ends or cannot be had in time.
const socketCodes = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EPIPE",
  "ENOTFOUND",
  "EAI_AGAIN",
  "EHOSTUNREACH",
  "ENETUNREACH",
]);
const driverMessages = [
  "Connection terminated",
  "timeout exceeded when trying to connect",
  "Client has encountered a connection error",
  "Connection ended unexpectedly",
];

/**
 * True when `error` (or one of its causes: Drizzle wraps the driver's error) says the database
 * could not be reached, rather than that a statement was wrong: a refused or cut connection,
 * SQLSTATE class 08 (connection exception), or the server shutting down, starting up or
 * refusing connections (57P01-57P03, 53300 too many connections). Those are answered 503
 * with Retry-After, not 500: nothing is wrong with the request, and it will succeed again.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  const seen = new Set<unknown>();
  for (let current = error; current && typeof current === "object"; ) {
    if (seen.has(current)) break;
    seen.add(current);
    const { code, message } = current as { code?: unknown; message?: unknown };
    if (typeof code === "string") {
      if (socketCodes.has(code)) return true;
      if (/^08[0-9A-Z]{3}$/.test(code)) return true;
      if (["57P01", "57P02", "57P03", "53300"].includes(code)) return true;
    }
    if (typeof message === "string" && driverMessages.some((text) => message.includes(text))) {
      return true;
    }
    if (current instanceof AggregateError && current.errors.some(isDatabaseUnavailable))
      return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}
