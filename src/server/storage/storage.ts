import type { Readable } from "node:stream";
import type { DataStore } from "@tus/utils";

/**
 * Where document files live (DESIGN.md "Files"). Features never touch paths or the disk: they
 * go through this interface, so that an S3-compatible driver can replace the filesystem one for
 * several instances without changing them.
 */
export interface Storage {
  /**
   * The tus data store resumable uploads are written to. An upload's file is then found in this
   * storage under `uploadKey(id)`, so that attaching it to a document moves no bytes.
   */
  readonly uploadStore: DataStore;
  uploadKey(uploadId: string): string;
  /** Writes a whole stream under a key (replacing any file there). */
  put(key: string, body: Readable): Promise<void>;
  /** Reads a file, or the bytes from `start` to `end` inclusive; throws StorageNotFoundError. */
  read(key: string, range?: { start: number; end: number }): Promise<Readable>;
  /** The size in bytes, or null when there is no such file. */
  size(key: string): Promise<number | null>;
  exists(key: string): Promise<boolean>;
  /** Removes a file and whatever the driver keeps beside it; a missing file is no error. */
  delete(key: string): Promise<void>;
  /**
   * Every stored file, by key, with its size in bytes (backups, restores' emptiness check).
   * The driver's own bookkeeping is not listed: tus's metadata beside an upload, a put's
   * partial file. A resumable upload still in progress may appear with the bytes received so
   * far (the filesystem driver lists it; an object store keeps it aside until it completes):
   * callers that want only complete files decide by what the database references.
   */
  list(): AsyncIterable<StoredFile>;
  /**
   * Resolves when files can be stored (the directory writable, the bucket reachable with its
   * credentials); throws otherwise. Checked at start-up; a readiness answer may use it too.
   */
  check(): Promise<void>;
}

export type StoredFile = { key: string; size: number };

export class StorageNotFoundError extends Error {
  constructor(key: string) {
    super(`no stored file under key ${key}`);
    this.name = "StorageNotFoundError";
  }
}

/** Keys are random and flat-ish: letters, digits, dot, dash and underscore, "/" between parts. */
const keyPattern = /^[A-Za-z0-9_-][A-Za-z0-9._-]*(\/[A-Za-z0-9_-][A-Za-z0-9._-]*)*$/;

export function isValidKey(key: string): boolean {
  return key.length <= 200 && keyPattern.test(key) && !key.split("/").includes("..");
}

export function assertValidKey(key: string): void {
  if (!isValidKey(key)) throw new Error(`invalid storage key: ${JSON.stringify(key)}`);
}

/** Reads the first bytes of a stored file (for sniffing its type). */
export async function readHead(storage: Storage, key: string, length: number): Promise<Buffer> {
  const stream = await storage.read(key, { start: 0, end: Math.max(0, length - 1) });
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of stream) {
    const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk);
    chunks.push(buffer);
    total += buffer.length;
    if (total >= length) break;
  }
  stream.destroy();
  return Buffer.concat(chunks).subarray(0, length);
}
