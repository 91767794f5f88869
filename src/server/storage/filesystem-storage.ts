import { randomBytes } from "node:crypto";
import { createReadStream, createWriteStream, mkdirSync } from "node:fs";
import { access, constants, mkdir, readdir, rename, rm, stat } from "node:fs/promises";
import { dirname, join, relative, sep } from "node:path";
import { pipeline } from "node:stream/promises";
import { FileStore } from "@tus/file-store";
import { assertValidKey, isValidKey, type Storage, StorageNotFoundError } from "./storage";

/**
 * The default driver: files under one directory (DATA_DIR/uploads), mode 600. Resumable uploads
 * are written by tus's FileStore in the same directory, the file named by the upload id with its
 * tus metadata beside it (`<id>.json`), which delete() removes too.
 */
export function createFilesystemStorage(root: string): Storage {
  // Made now, not by FileStore's own asynchronous mkdir whose failure nobody could catch.
  mkdirSync(root, { recursive: true, mode: 0o700 });
  const uploadStore = new FileStore({ directory: root });
  const pathOf = (key: string) => {
    assertValidKey(key);
    return join(root, key);
  };

  return {
    uploadStore,
    uploadKey: (uploadId) => uploadId,

    async put(key, body) {
      const path = pathOf(key);
      await mkdir(dirname(path), { recursive: true });
      // Written aside then renamed: a reader never sees half a file.
      const partial = `${path}.${randomBytes(6).toString("hex")}.partial`;
      try {
        await pipeline(body, createWriteStream(partial, { mode: 0o600 }));
        await rename(partial, path);
      } catch (error) {
        await rm(partial, { force: true });
        throw error;
      }
    },

    async read(key, range) {
      const path = pathOf(key);
      if ((await this.size(key)) === null) throw new StorageNotFoundError(key);
      return createReadStream(path, range ?? {});
    },

    async size(key) {
      try {
        const info = await stat(pathOf(key));
        return info.isFile() ? info.size : null;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
        throw error;
      }
    },

    async exists(key) {
      return (await this.size(key)) !== null;
    },

    async delete(key) {
      const path = pathOf(key);
      await rm(path, { force: true });
      await rm(`${path}.json`, { force: true });
    },

    async *list() {
      const entries = await readdir(root, { recursive: true, withFileTypes: true });
      const files = new Set(
        entries
          .filter((entry) => entry.isFile())
          .map((entry) => relative(root, join(entry.parentPath, entry.name)).split(sep).join("/")),
      );
      for (const key of [...files].sort()) {
        // put()'s file being written, and tus's metadata beside an upload's file.
        if (key.endsWith(".partial")) continue;
        if (key.endsWith(".json") && files.has(key.slice(0, -".json".length))) continue;
        if (!isValidKey(key)) continue;
        const size = await this.size(key);
        // Gone since the directory was read (deleted meanwhile): not a stored file any more.
        if (size !== null) yield { key, size };
      }
    },

    async check() {
      // A directory gone, or a volume remounted read-only, fails here rather than mid-upload.
      await access(root, constants.W_OK | constants.X_OK);
    },
  };
}
