// Bytes a phone sends for a 10 MiB upload cut at half and resumed: starts the built server on a
// fresh DATA_DIR, signs a client up, starts a tus upload over a real socket, cuts the connection
// once half the file is written, asks the server where it stands (HEAD) and sends the rest.
// Prints the bytes sent against the file's size and against starting over. `npm run build` first.

import { mkdtemp, rm } from "node:fs/promises";
import { request as httpRequest } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pdfFile } from "../../src/server/test/test-files";
import { startServer } from "./server-process";

const size = 10 * 1024 * 1024;
const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(2)} MiB`;

async function main() {
  const dataDir = await mkdtemp(join(tmpdir(), "pret-bench-resume-"));
  const server = await startServer({ DATA_DIR: dataDir, RATE_LIMIT_DISABLED: "true" });
  try {
    const origin = server.url;
    const signUp = await fetch(`${origin}/api/register`, {
      method: "POST",
      headers: { "content-type": "application/json", origin },
      body: JSON.stringify({
        fullName: "Awa Koné",
        email: `bench.${Date.now()}@exemple.ci`,
        password: "Baobab-Lagune-42",
      }),
    });
    if (signUp.status !== 201) throw new Error(`sign-up failed: ${signUp.status}`);
    const cookie = signUp.headers
      .getSetCookie()
      .map((line) => line.split(";")[0])
      .join("; ");
    const tus = { cookie, origin, "tus-resumable": "1.0.0" };
    const file = pdfFile("Relevé bancaire", size);

    const created = await fetch(`${origin}/api/uploads`, {
      method: "POST",
      headers: {
        ...tus,
        "upload-length": String(size),
        "upload-metadata": `filename ${Buffer.from("releve.pdf").toString("base64")}`,
      },
    });
    const location = created.headers.get("location");
    if (created.status !== 201 || !location) throw new Error(`creation failed: ${created.status}`);
    const uploadUrl = new URL(location, origin);

    // First attempt: the whole file announced, the connection cut once half of it is written.
    let sent = 0;
    const half = size / 2;
    await new Promise<void>((resolve) => {
      const patch = httpRequest(uploadUrl, {
        method: "PATCH",
        headers: {
          ...tus,
          "upload-offset": "0",
          "content-type": "application/offset+octet-stream",
          "content-length": String(size),
        },
      });
      patch.on("error", () => resolve());
      patch.on("close", () => resolve());
      const chunk = 64 * 1024;
      const writeMore = () => {
        while (sent < half) {
          const part = file.subarray(sent, Math.min(half, sent + chunk));
          sent += part.length;
          if (!patch.write(part)) {
            patch.once("drain", writeMore);
            return;
          }
        }
        // The network drops: whatever is still in flight is lost.
        setTimeout(() => patch.destroy(), 50);
      };
      writeMore();
    });

    // The server kept what arrived: resume from there.
    await new Promise((resolve) => setTimeout(resolve, 200));
    const head = await fetch(uploadUrl, { method: "HEAD", headers: tus });
    const offset = Number(head.headers.get("upload-offset"));
    const rest = file.subarray(offset);
    const finished = await fetch(uploadUrl, {
      method: "PATCH",
      headers: {
        ...tus,
        "upload-offset": String(offset),
        "content-type": "application/offset+octet-stream",
      },
      body: new Uint8Array(rest),
    });
    if (finished.status !== 200) throw new Error(`resume failed: ${finished.status}`);
    sent += rest.length;

    console.log(`fichier                      ${mib(size)}`);
    console.log(`envoyé avant la coupure      ${mib(sent - rest.length)}`);
    console.log(`reçu par le serveur          ${mib(offset)} (reprise à cet octet)`);
    console.log(`envoyé après la reprise      ${mib(rest.length)}`);
    console.log(
      `total envoyé                 ${mib(sent)} (${((sent / size) * 100).toFixed(1)} % du fichier)`,
    );
    console.log(`en recommençant à zéro       ${mib(size / 2 + size)} (150,0 % du fichier)`);
  } finally {
    await server.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

await main();
