import type { Socket } from "node:net";
import { messages } from "./app-error";

/**
 * Fastify's `clientErrorHandler`: what Node's HTTP parser refuses before any route runs (a
 * malformed chunked body, a request line that is not HTTP, headers too large, a request too slow
 * to arrive). Fastify's default answers these in English ("Client Error"); the API answers them
 * as it answers the others: its error shape, in French, and the connection closed.
 */
export function clientErrorHandler(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === "ECONNRESET" || !socket.writable) {
    socket.destroy(error);
    return;
  }
  const [status, reason, code, message] =
    error.code === "HPE_HEADER_OVERFLOW"
      ? [431, "Request Header Fields Too Large", "headers_too_large", messages.headersTooLarge]
      : error.code === "ERR_HTTP_REQUEST_TIMEOUT"
        ? [408, "Request Timeout", "request_timeout", messages.requestTimeout]
        : [400, "Bad Request", "bad_request", messages.malformedRequest];
  const body = JSON.stringify({ error: { code, message } });
  socket.end(
    `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json; charset=utf-8\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
}
