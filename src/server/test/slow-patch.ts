import { request as httpRequest } from "node:http";
import type { ServerProcess } from "./server-process";

// A tus PATCH over a real socket whose body trickles in, for the tests that stop or kill the
// server while an upload is in flight (shutdown.test.ts, faults.test.ts).

/**
 * A PATCH whose body is written in `chunks` pieces, `gapMs` apart (a phone on a slow network),
 * or stalls after `stallAfter` pieces. Resolves to the answer's status, or to the socket error.
 */
export function slowPatch(
  server: ServerProcess,
  path: string,
  cookie: string,
  bytes: Buffer,
  { chunks, gapMs, stallAfter }: { chunks: number; gapMs: number; stallAfter?: number },
) {
  let firstSent: () => void = () => {};
  const started = new Promise<void>((resolve) => {
    firstSent = resolve;
  });
  const answer = new Promise<{ status?: number; body?: string; error?: string }>((resolve) => {
    const request = httpRequest(
      `${server.origin}${path}`,
      {
        method: "PATCH",
        headers: {
          cookie,
          origin: server.origin,
          "tus-resumable": "1.0.0",
          "upload-offset": "0",
          "content-type": "application/offset+octet-stream",
          "content-length": String(bytes.length),
        },
      },
      (response) => {
        let body = "";
        response.on("data", (chunk) => {
          body += String(chunk);
        });
        response.on("end", () => resolve({ status: response.statusCode, body }));
      },
    );
    request.on("error", (error) => resolve({ error: (error as NodeJS.ErrnoException).code }));
    const size = Math.ceil(bytes.length / chunks);
    let index = 0;
    const next = () => {
      if (stallAfter !== undefined && index >= stallAfter) return;
      const piece = bytes.subarray(index * size, (index + 1) * size);
      index += 1;
      if (index >= chunks) {
        request.end(piece);
        return;
      }
      request.write(piece);
      if (index === 1) firstSent();
      setTimeout(next, gapMs);
    };
    next();
  });
  return { started, answer };
}
