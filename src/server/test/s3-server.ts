import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { once } from "node:events";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
import { createS3Storage, type S3Storage } from "../storage/s3-storage";
import type { S3StorageSetting } from "../storage/storage-url";

/** s3rver's fixed credentials: it checks each request's signature against them. */
export const s3rverCredentials = { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" };

export type TestS3Server = {
  /** http://127.0.0.1:PORT */
  endpoint: string;
  /** Where s3rver keeps its buckets (one directory per bucket, one file per object). */
  directory: string;
  /** A new empty bucket, and the setting that reaches it. */
  bucket(): Promise<S3StorageSetting>;
  /** A storage on a new empty bucket; closed with the server. */
  storage(): Promise<S3Storage>;
  /** Keys of the bucket's multipart uploads neither completed nor aborted (their parts kept). */
  pendingMultipartKeys(bucket: string): string[];
  /** The environment a server process would be given for that bucket (STORAGE_URL and keys). */
  env(setting: S3StorageSetting): Record<string, string>;
  close(): Promise<void>;
};

/**
 * A real S3-protocol server on a free local port, its data in a temporary directory: the
 * `s3rver` package in a process of its own (s3rver-process.mjs, which adds the two multipart calls
 * s3rver lacks). Its stdin is a pipe: if the test process dies, the server ends with it.
 */
export async function startS3Server(): Promise<TestS3Server> {
  const directory = mkdtempSync(join(tmpdir(), "pret-s3rver-"));
  const child = spawn(
    process.execPath,
    [
      "--openssl-legacy-provider",
      fileURLToPath(new URL("./s3rver-process.mjs", import.meta.url)),
      directory,
    ],
    { stdio: ["pipe", "pipe", "inherit"] },
  );
  const exited = once(child, "exit");
  const failedToStart = exited.then(([code]) => {
    throw new Error(`s3rver stopped at start (code ${code})`);
  });
  // Once started, its exit at close() is no failure.
  failedToStart.catch(() => {});
  const [line] = (await Promise.race([
    once(createInterface({ input: child.stdout }), "line"),
    failedToStart,
  ])) as [string];
  const address = JSON.parse(line) as { port: number };
  const endpoint = `http://127.0.0.1:${address.port}`;
  const storages: S3Storage[] = [];

  const bucket = async (): Promise<S3StorageSetting> => {
    const name = `pret-${randomBytes(6).toString("hex")}`;
    const response = await fetch(`${endpoint}/${name}`, { method: "PUT" });
    // s3rver does not check signatures of bucket creation: a plain request is enough.
    if (!response.ok) throw new Error(`bucket creation failed: ${response.status}`);
    return {
      kind: "s3",
      bucket: name,
      endpoint,
      region: "us-east-1",
      forcePathStyle: true,
      credentials: s3rverCredentials,
    };
  };

  return {
    endpoint,
    directory,
    bucket,
    async storage() {
      const storage = createS3Storage(await bucket());
      storages.push(storage);
      return storage;
    },
    pendingMultipartKeys(bucket) {
      const uploads = join(directory, bucket, "._S3rver_uploads");
      if (!existsSync(uploads)) return [];
      return readdirSync(uploads)
        .filter((id) => existsSync(join(uploads, id, "key")))
        .map((id) => readFileSync(join(uploads, id, "key"), "utf8"))
        .sort();
    },
    env(setting) {
      return {
        STORAGE_URL: `s3://${setting.bucket}?endpoint=${encodeURIComponent(endpoint)}&region=${setting.region}&forcePathStyle=true`,
        AWS_ACCESS_KEY_ID: s3rverCredentials.accessKeyId,
        AWS_SECRET_ACCESS_KEY: s3rverCredentials.secretAccessKey,
      };
    },
    async close() {
      for (const storage of storages) storage.close();
      child.stdin?.end();
      if (child.exitCode === null) await exited;
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
