/**
 * Runs s3rver as a process of its own, as a real S3 service would be: started by
 * test/s3-server.ts with `node --openssl-legacy-provider` (s3rver's listing continuation tokens
 * use DES, which OpenSSL 3 keeps in its legacy provider). Prints `{"port":N}` once listening;
 * stops when its standard input closes (its parent ended) or on SIGTERM.

 */
import { readdir, readFile, rm, stat } from "node:fs/promises";
import { createRequire } from "node:module";
import { join } from "node:path";

const require = createRequire(import.meta.url);
const S3rver = require("s3rver");
const S3Error = require("s3rver/lib/models/error");

const directory = process.argv[2];
if (!directory) {
  console.error("usage: s3rver-process.mjs DIRECTORY");
  process.exit(2);
}

/**
 * s3rver lacks two calls of the multipart protocol that tus's S3 store makes and that S3, MinIO,
 * Ceph and the hosted S3-compatible services all answer: ListParts (the offset of an upload
 * being resumed) and AbortMultipartUpload (a cancelled upload). They are answered here, over the
 * parts s3rver itself stores (`<bucket>/._S3rver_uploads/<uploadId>/<n>`, `<n>.md5` beside).
 */
async function multipartCompletion(context, next) {
  const uploadId = context.query.uploadId;
  const isList = context.method === "GET" && uploadId !== undefined;
  const isAbort = context.method === "DELETE" && uploadId !== undefined;
  if (!isList && !isAbort) return next();
  const [, bucket = "", ...keyParts] = context.path.split("/");
  const noSuchUpload = () => new S3Error("NoSuchUpload", "The specified upload does not exist.");
  if (!/^[a-f0-9]{32}$/.test(uploadId) || !/^[a-z0-9.-]+$/.test(bucket)) throw noSuchUpload();
  const uploadDir = join(directory, bucket, "._S3rver_uploads", uploadId);
  let names;
  try {
    names = await readdir(uploadDir);
  } catch {
    throw noSuchUpload();
  }
  if (isAbort) {
    await rm(uploadDir, { recursive: true, force: true });
    context.status = 204;
    context.body = "";
    return;
  }
  const numbers = names
    .filter((name) => /^\d+$/.test(name))
    .map(Number)
    .sort((a, b) => a - b);
  const parts = await Promise.all(
    numbers.map(async (number) => {
      const path = join(uploadDir, String(number));
      const [info, md5] = await Promise.all([stat(path), readFile(`${path}.md5`, "utf8")]);
      return {
        PartNumber: number,
        LastModified: info.mtime.toISOString(),
        ETag: `"${md5.trim()}"`,
        Size: info.size,
      };
    }),
  );
  context.body = {
    ListPartsResult: {
      Bucket: bucket,
      Key: decodeURIComponent(keyParts.join("/")),
      UploadId: uploadId,
      MaxParts: 1000,
      IsTruncated: false,
      ...(parts.length > 0 ? { Part: parts } : {}),
    },
  };
}

const server = new S3rver({
  address: "127.0.0.1",
  port: 0,
  silent: process.env.S3RVER_LOG !== "1",
  directory,
  // Path style: no wildcard DNS for bucket host names on a test machine.
  vhostBuckets: false,
});
// Before the router (last), after the XML encoder and the virtual-host rewrite.
server.middleware.splice(server.middleware.length - 1, 0, multipartCompletion);
const address = await server.run();
process.stdout.write(`${JSON.stringify({ port: address.port })}\n`);

const stop = () => {
  server.close().finally(() => process.exit(0));
};
process.stdin.on("end", stop);
process.stdin.on("close", stop);
process.stdin.resume();
process.on("SIGTERM", stop);
