import { createHash } from "node:crypto";
import { createReadStream, createWriteStream } from "node:fs";
import { Readable, Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import tar from "tar-stream";

// The backup archive: one uncompressed tar (its entries are compressed where it pays), written
// as a stream and read as a stream, so neither side holds it in memory:
//   database/<table>.jsonl.gz   each table's rows (database-dump.ts)
//   database/postgres.pgdump    PostgreSQL sources only: pg_dump's custom format, same snapshot
//   files/<storage key>         every stored file a row of the database points at
//   manifest.json               last: what the archive holds, with each entry's sha256

export const archiveFormat = "pret-afrique-sauvegarde";
export const archiveVersion = 1;
export const manifestName = "manifest.json";

export type ManifestEntry = { name: string; size: number; sha256: string };

export type Manifest = {
  format: typeof archiveFormat;
  version: number;
  createdAt: string;
  source: { kind: "pglite" | "postgres"; serverVersion: string };
  /** Migrations applied to the source: a restore rebuilds the same schema before loading. */
  migrations: { count: number; lastHash: string | null };
  tables: Array<{ name: string; rows: number; entry: string }>;
  files: { count: number; bytes: number };
  entries: ManifestEntry[];
};

export const tableEntry = (table: string) => `database/${table}.jsonl.gz`;
export const pgDumpEntry = "database/postgres.pgdump";
export const filePrefix = "files/";

/** Counts and hashes the bytes flowing through it. */
export function hashingStream(): Transform & { digest(): { size: number; sha256: string } } {
  const hash = createHash("sha256");
  let size = 0;
  const stream = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      hash.update(chunk);
      size += chunk.length;
      callback(null, chunk);
    },
  });
  return Object.assign(stream, {
    digest: () => ({ size, sha256: hash.digest("hex") }),
  });
}

export class ArchiveWriter {
  private readonly pack = tar.pack();
  private readonly done: Promise<void>;
  private readonly entries: ManifestEntry[] = [];

  constructor(path: string) {
    this.done = pipeline(this.pack, createWriteStream(path, { flags: "wx", mode: 0o600 }));
    // Surfaced by finish(); without a handler an early failure would be unhandled meanwhile.
    this.done.catch(() => {});
  }

  /** Adds an entry of known size; checks that the body gave exactly that many bytes. */
  async add(name: string, size: number, body: Readable): Promise<ManifestEntry> {
    const hashing = hashingStream();
    const entry = this.pack.entry({ name, size, mode: 0o600, mtime: new Date(0) });
    await pipeline(body, hashing, entry);
    const digest = hashing.digest();
    if (digest.size !== size) {
      throw new Error(`${name} : ${digest.size} octets lus au lieu des ${size} annoncés`);
    }
    const written = { name, ...digest };
    this.entries.push(written);
    return written;
  }

  async addFile(name: string, path: string, size: number): Promise<ManifestEntry> {
    return this.add(name, size, createReadStream(path));
  }

  /** Writes the manifest (with every entry's checksum) last; resolves to its sha256. */
  async finish(manifest: Omit<Manifest, "entries">): Promise<{ sha256: string; bytes: number }> {
    const body = Buffer.from(
      `${JSON.stringify({ ...manifest, entries: this.entries }, null, 2)}\n`,
      "utf8",
    );
    const sha256 = createHash("sha256").update(body).digest("hex");
    await new Promise<void>((resolve, reject) =>
      this.pack.entry({ name: manifestName, size: body.length, mode: 0o600 }, body, (error) =>
        error ? reject(error) : resolve(),
      ),
    );
    this.pack.finalize();
    await this.done;
    return { sha256, bytes: this.entries.reduce((sum, entry) => sum + entry.size, 0) };
  }

  /** Stops writing (the caller removes the file). */
  async abort(): Promise<void> {
    this.pack.destroy();
    await this.done.catch(() => {});
  }
}

export class DamagedArchiveError extends Error {
  constructor(detail: string) {
    super(`Archive endommagée ou incomplète : ${detail}. Rien n'a été restauré.`);
    this.name = "DamagedArchiveError";
  }
}

/**
 * Reads the archive's entries in order: `onEntry` receives each one's stream (which it must
 * consume or let drain). Errors of the tar itself (truncated, not a tar) are DamagedArchiveError.
 */
export async function readArchive(
  path: string,
  onEntry: (name: string, size: number, body: Readable) => Promise<void>,
): Promise<void> {
  const extract = tar.extract();
  const source = createReadStream(path);
  const feeding = pipeline(source, extract).catch((error: unknown) => {
    const detail = error instanceof Error ? error.message : String(error);
    throw new DamagedArchiveError(`structure de l'archive illisible (${detail})`);
  });
  try {
    for await (const entry of extract) {
      // tar-stream's entries are streamx streams: wrapped as a Node stream for pipeline() and
      // the storage.
      const body = Readable.from(entry, { objectMode: false });
      await onEntry(entry.header.name, entry.header.size ?? 0, body);
      // Whatever onEntry left unread is skipped.
      if (!body.readableEnded && !body.destroyed) {
        for await (const _ of body) {
          // drained
        }
      }
    }
  } catch (error) {
    source.destroy();
    await feeding.catch(() => {});
    throw error;
  }
  await feeding;
}

/**
 * Pass one of a restore: reads the whole archive, checks every entry's size and sha256 against
 * the manifest, and that nothing is missing or added. Touches nothing; throws
 * DamagedArchiveError with what is wrong.
 */
export async function verifyArchive(path: string): Promise<Manifest & { manifestSha256: string }> {
  const seen = new Map<string, { size: number; sha256: string }>();
  let manifestText: string | undefined;
  let manifestSha256 = "";
  try {
    await readArchive(path, async (name, _size, body) => {
      if (name === manifestName) {
        const chunks: Buffer[] = [];
        for await (const chunk of body) chunks.push(chunk as Buffer);
        const bytes = Buffer.concat(chunks);
        manifestText = bytes.toString("utf8");
        manifestSha256 = createHash("sha256").update(bytes).digest("hex");
        return;
      }
      const hash = createHash("sha256");
      let size = 0;
      for await (const chunk of body) {
        hash.update(chunk as Buffer);
        size += (chunk as Buffer).length;
      }
      seen.set(name, { size, sha256: hash.digest("hex") });
    });
  } catch (error) {
    if (error instanceof DamagedArchiveError) throw error;
    // tar-stream explains in English ("Invalid tar header…"): kept in brackets for the record.
    const detail = error instanceof Error ? error.message : String(error);
    throw new DamagedArchiveError(`structure de l'archive illisible (${detail})`);
  }
  if (manifestText === undefined) throw new DamagedArchiveError("manifest.json absent");
  let manifest: Manifest;
  try {
    manifest = JSON.parse(manifestText) as Manifest;
  } catch {
    throw new DamagedArchiveError("manifest.json illisible");
  }
  if (manifest.format !== archiveFormat || !Array.isArray(manifest.entries)) {
    throw new DamagedArchiveError("ce fichier n'est pas une sauvegarde de la plateforme");
  }
  if (manifest.version > archiveVersion) {
    throw new DamagedArchiveError(
      `format de sauvegarde ${manifest.version}, plus récent que celui de cette version (${archiveVersion})`,
    );
  }
  const problems: string[] = [];
  for (const expected of manifest.entries) {
    const found = seen.get(expected.name);
    if (!found) problems.push(`${expected.name} manquant`);
    else if (found.size !== expected.size || found.sha256 !== expected.sha256) {
      problems.push(`${expected.name} altéré (somme de contrôle différente)`);
    }
    seen.delete(expected.name);
  }
  for (const name of seen.keys()) problems.push(`${name} absent du manifeste`);
  if (problems.length > 0) {
    const shown = problems.slice(0, 5).join(", ");
    const more = problems.length > 5 ? ` et ${problems.length - 5} autres problèmes` : "";
    throw new DamagedArchiveError(`${shown}${more}`);
  }
  return { ...manifest, manifestSha256 };
}
