import { mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Readable } from "node:stream";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createFilesystemStorage } from "./filesystem-storage";
import { readHead, type Storage } from "./storage";

let parent: string;
let root: string;
let storage: Storage;

// The tus FileStore makes its directory asynchronously when it is constructed, and throws from a
// callback if that directory vanished meanwhile: on a loaded machine a per-test removal could come
// first. Each test gets a directory of its own under one parent, removed once the file is done.
beforeAll(() => {
  parent = mkdtempSync(join(tmpdir(), "pret-storage-"));
});

afterAll(async () => {
  await new Promise((resolve) => setTimeout(resolve, 100));
  rmSync(parent, { recursive: true, force: true });
});

beforeEach(() => {
  root = mkdtempSync(join(parent, "t-"));
  storage = createFilesystemStorage(root);
});

async function text(stream: Readable): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks).toString("utf8");
}

describe("filesystem storage", () => {
  it("puts, reads, sizes and deletes a file under a key", async () => {
    await storage.put("a1b2", Readable.from([Buffer.from("%PDF-1.7 bonjour")]));
    expect(await storage.exists("a1b2")).toBe(true);
    expect(await storage.size("a1b2")).toBe(16);
    expect(await text(await storage.read("a1b2"))).toBe("%PDF-1.7 bonjour");
    expect(await text(await storage.read("a1b2", { start: 9, end: 15 }))).toBe("bonjour");
    expect((await readHead(storage, "a1b2", 5)).toString()).toBe("%PDF-");
    await storage.delete("a1b2");
    expect(await storage.exists("a1b2")).toBe(false);
    // Deleting twice is no error.
    await storage.delete("a1b2");
  });

  it("leaves no partial file when the stream fails midway", async () => {
    const failing = new Readable({
      read() {
        this.push(Buffer.from("début"));
        this.destroy(new Error("connexion coupée"));
      },
    });
    await expect(storage.put("k", failing)).rejects.toThrow("connexion coupée");
    expect(readdirSync(root)).toEqual([]);
  });

  it("refuses keys that would leave its directory", async () => {
    for (const key of ["../secret", "a/../../b", "/etc/passwd", "", ".hidden", "a\\b"]) {
      await expect(storage.size(key)).rejects.toThrow("invalid storage key");
    }
  });

  it("says a missing file is missing", async () => {
    expect(await storage.size("absent")).toBeNull();
    await expect(storage.read("absent")).rejects.toThrow("no stored file");
  });

  it("finds a tus upload under its upload key and deletes its metadata with it", async () => {
    const { Upload } = await import("@tus/utils");
    await storage.uploadStore.create(new Upload({ id: "abc123", size: 3, offset: 0 }));
    await storage.uploadStore.write(Readable.from([Buffer.from("PNG")]), "abc123", 0);
    expect(await storage.size(storage.uploadKey("abc123"))).toBe(3);
    expect(readdirSync(root).sort()).toEqual(["abc123", "abc123.json"]);
    await storage.delete(storage.uploadKey("abc123"));
    expect(readdirSync(root)).toEqual([]);
  });

  it("lists every stored file with its size, without tus metadata or partial writes", async () => {
    const listed = async () => {
      const files: { key: string; size: number }[] = [];
      for await (const file of storage.list()) files.push(file);
      return files;
    };
    expect(await listed()).toEqual([]);
    await storage.put("b2", Readable.from([Buffer.from("%PDF-1.7")]));
    await storage.put("dossier/a1", Readable.from([Buffer.from("PNG")]));
    // A key may end in .json when no file beside it makes it tus's metadata.
    await storage.put("notes.json", Readable.from([Buffer.from("{}")]));
    const { Upload } = await import("@tus/utils");
    await storage.uploadStore.create(new Upload({ id: "up1", size: 10, offset: 0 }));
    await storage.uploadStore.write(Readable.from([Buffer.from("JPEG")]), "up1", 0);
    writeFileSync(join(root, "b2.0a1b2c.partial"), "half");
    expect(await listed()).toEqual([
      { key: "b2", size: 8 },
      { key: "dossier/a1", size: 3 },
      { key: "notes.json", size: 2 },
      // An upload in progress is listed with the bytes received so far.
      { key: "up1", size: 4 },
    ]);
  });
});
