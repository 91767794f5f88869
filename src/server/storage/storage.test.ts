import { mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { Readable } from "node:stream";
import { Upload } from "@tus/utils";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startS3Server, type TestS3Server } from "../test/s3-server";
import { createFilesystemStorage } from "./filesystem-storage";
import { readHead, type Storage, type StoredFile } from "./storage";

/**
 * One contract, both drivers: what the features rely on (put, whole and ranged reads, sizes,
 * deletes, the tus upload found under its key, listing) holds on the filesystem and on a real
 * S3-protocol server (s3rver, started here).
 */
type Driver = {
  name: string;
  make(): Promise<Storage>;
  /** Every file the driver left behind, its bookkeeping included. */
  leftovers(): string[];
  /** What tus keeps beside an upload's bytes. */
  sidecars: string[];
  /** How list() shows an upload still in progress (the filesystem: with the bytes so far). */
  listsUploadInProgress: boolean;
};

let parent: string;
let s3: TestS3Server;

// The tus FileStore makes its directory asynchronously when it is constructed, and throws from a
// callback if that directory vanished meanwhile: on a loaded machine a per-test removal could come
// first. Each test gets a directory of its own under one parent, removed once the file is done.
beforeAll(async () => {
  parent = mkdtempSync(join(tmpdir(), "pret-storage-"));
  s3 = await startS3Server();
});

afterAll(async () => {
  await s3?.close();
  await new Promise((resolve) => setTimeout(resolve, 100));
  rmSync(parent, { recursive: true, force: true });
});

function filesUnder(directory: string): string[] {
  return readdirSync(directory, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(directory, join(entry.parentPath, entry.name)))
    .sort();
}

let root: string;
let bucketDir: string;
const drivers: Driver[] = [
  {
    name: "filesystem",
    async make() {
      root = mkdtempSync(join(parent, "t-"));
      return createFilesystemStorage(root);
    },
    leftovers: () => filesUnder(root),
    sidecars: [".json"],
    listsUploadInProgress: true,
  },
  {
    name: "S3 (s3rver)",
    async make() {
      const storage = await s3.storage();
      bucketDir = join(s3.directory, (storage as unknown as { bucket: string }).bucket);
      return storage;
    },
    // s3rver keeps each object as files, and each multipart upload's parts in a directory.
    leftovers: () => filesUnder(bucketDir),
    sidecars: [".info", ".part"],
    listsUploadInProgress: false,
  },
];

async function text(stream: Readable): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks).toString("utf8");
}

async function listed(storage: Storage) {
  const files: StoredFile[] = [];
  for await (const file of storage.list()) files.push(file);
  return files;
}

describe.each(drivers)("$name storage", (driver) => {
  let storage: Storage;

  beforeEach(async () => {
    storage = await driver.make();
  });

  it("puts, reads (whole and a range), sizes and deletes a file under a key", async () => {
    await storage.put("a1b2", Readable.from([Buffer.from("%PDF-1.7 bonjour")]));
    expect(await storage.exists("a1b2")).toBe(true);
    expect(await storage.size("a1b2")).toBe(16);
    expect(await text(await storage.read("a1b2"))).toBe("%PDF-1.7 bonjour");
    expect(await text(await storage.read("a1b2", { start: 9, end: 15 }))).toBe("bonjour");
    expect((await readHead(storage, "a1b2", 5)).toString()).toBe("%PDF-");
    // Replacing is allowed: the key then holds the new bytes only.
    await storage.put("a1b2", Readable.from([Buffer.from("PNG")]));
    expect(await text(await storage.read("a1b2"))).toBe("PNG");
    await storage.delete("a1b2");
    expect(await storage.exists("a1b2")).toBe(false);
    expect(driver.leftovers()).toEqual([]);
    // Deleting twice is no error.
    await storage.delete("a1b2");
  });

  it("keeps files of several megabytes whole, under keys with a folder", async () => {
    const bytes = Buffer.alloc(9 * 1024 * 1024 + 7, 0x61);
    bytes.write("%PDF-1.7", 0);
    await storage.put(
      "dossier/gros",
      Readable.from([bytes.subarray(0, 4_000_000), bytes.subarray(4_000_000)]),
    );
    expect(await storage.size("dossier/gros")).toBe(bytes.length);
    const chunks: Buffer[] = [];
    for await (const chunk of await storage.read("dossier/gros")) chunks.push(Buffer.from(chunk));
    expect(Buffer.concat(chunks).equals(bytes)).toBe(true);
    await storage.delete("dossier/gros");
  });

  it("keeps an empty file", async () => {
    await storage.put("vide", Readable.from([]));
    expect(await storage.size("vide")).toBe(0);
    expect(await text(await storage.read("vide"))).toBe("");
    // A range of an empty object: S3 answers 416, which the driver reads as nothing; s3rver
    // drops the connection instead, so that case is checked on the filesystem only. The
    // features never ask it: an empty upload is refused before its first bytes are read.
    if (driver.name === "filesystem") {
      expect((await readHead(storage, "vide", 12)).length).toBe(0);
    }
  });

  it("leaves no partial file when the stream fails midway", async () => {
    const failing = new Readable({
      read() {
        this.push(Buffer.from("début"));
        this.destroy(new Error("connexion coupée"));
      },
    });
    await expect(storage.put("k", failing)).rejects.toThrow("connexion coupée");
    expect(await storage.exists("k")).toBe(false);
    expect(driver.leftovers()).toEqual([]);
  });

  it("refuses keys that would leave its directory", async () => {
    for (const key of ["../secret", "a/../../b", "/etc/passwd", "", ".hidden", "a\\b"]) {
      await expect(storage.size(key)).rejects.toThrow("invalid storage key");
      await expect(storage.read(key)).rejects.toThrow("invalid storage key");
      await expect(storage.delete(key)).rejects.toThrow("invalid storage key");
    }
  });

  it("says a missing file is missing", async () => {
    expect(await storage.size("absent")).toBeNull();
    await expect(storage.read("absent")).rejects.toThrow("no stored file");
    await expect(storage.read("absent", { start: 0, end: 3 })).rejects.toThrow("no stored file");
  });

  it("finds a finished tus upload under its upload key and deletes its metadata with it", async () => {
    await storage.uploadStore.create(new Upload({ id: "abc123", size: 3, offset: 0 }));
    await storage.uploadStore.write(Readable.from([Buffer.from("PNG")]), "abc123", 0);
    expect(await storage.size(storage.uploadKey("abc123"))).toBe(3);
    expect(await text(await storage.read(storage.uploadKey("abc123")))).toBe("PNG");
    expect(await listed(storage)).toEqual([{ key: "abc123", size: 3 }]);
    await storage.delete(storage.uploadKey("abc123"));
    expect(driver.leftovers()).toEqual([]);
  });

  it("deletes an upload in progress with everything kept for it", async () => {
    await storage.uploadStore.create(new Upload({ id: "moitie1", size: 10, offset: 0 }));
    await storage.uploadStore.write(Readable.from([Buffer.from("JPEG")]), "moitie1", 0);
    expect((await storage.uploadStore.getUpload("moitie1")).offset).toBe(4);
    expect(driver.leftovers().length).toBeGreaterThan(0);
    await storage.delete(storage.uploadKey("moitie1"));
    expect(driver.leftovers()).toEqual([]);
  });

  it("lists every stored file with its size, without tus metadata", async () => {
    expect(await listed(storage)).toEqual([]);
    await storage.put("b2", Readable.from([Buffer.from("%PDF-1.7")]));
    await storage.put("dossier/a1", Readable.from([Buffer.from("PNG")]));
    // A key may end in .json when no file beside it makes it tus's metadata.
    await storage.put("notes.json", Readable.from([Buffer.from("{}")]));
    await storage.uploadStore.create(new Upload({ id: "up1", size: 10, offset: 0 }));
    await storage.uploadStore.write(Readable.from([Buffer.from("JPEG")]), "up1", 0);
    expect(await listed(storage)).toEqual([
      { key: "b2", size: 8 },
      { key: "dossier/a1", size: 3 },
      { key: "notes.json", size: 2 },
      // An upload in progress: the filesystem lists the bytes received so far, an object store
      // keeps them aside in the multipart upload until it completes.
      ...(driver.listsUploadInProgress ? [{ key: "up1", size: 4 }] : []),
    ]);
  });
});

describe("filesystem storage", () => {
  it("does not list a put's partial file", async () => {
    const storage = await drivers[0]?.make();
    if (!storage) throw new Error("no driver");
    await storage.put("b2", Readable.from([Buffer.from("%PDF-1.7")]));
    writeFileSync(join(root, "b2.0a1b2c.partial"), "half");
    expect(await listed(storage)).toEqual([{ key: "b2", size: 8 }]);
  });
});

describe("S3 storage", () => {
  it("pages through more objects than one listing answer holds", async () => {
    const storage = await drivers[1]?.make();
    if (!storage) throw new Error("no driver");
    const keys = Array.from({ length: 1005 }, (_, index) => `f${String(index).padStart(4, "0")}`);
    for (let start = 0; start < keys.length; start += 50) {
      await Promise.all(
        keys
          .slice(start, start + 50)
          .map((key) => storage.put(key, Readable.from([Buffer.from(key)]))),
      );
    }
    const files = await listed(storage);
    expect(files.map((file) => file.key)).toEqual(keys);
    expect(files.every((file) => file.size === 5)).toBe(true);
  }, 120_000);

  it("tells whether its bucket is reachable", async () => {
    const storage = await s3.storage();
    await expect(storage.check()).resolves.toBeUndefined();
    const { createS3Storage } = await import("./s3-storage");
    const missing = createS3Storage({ ...(await s3.bucket()), bucket: "absent-bucket" });
    await expect(missing.check()).rejects.toThrow();
    missing.close();
  });
});
