import { existsSync } from "node:fs";
import { join } from "node:path";
import { eq, inArray } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import { describe, expect, it, vi } from "vitest";
import { storageDeletions, uploads } from "../../db/schema";
import { deleteQueuedFiles } from "../../storage/storage-deletions";
import { apiFixture } from "../../test/api-fixture";
import { createUpload, patchUpload, uploadFile } from "../../test/test-app";
import { pdfFile } from "../../test/test-files";
import { startUploadSweeper } from "./upload-sweeper";
import { discardUpload, sweepStaleUploads, uploadLifetimeMs } from "./uploads.service";

const {
  t,
  clients: [alice],
} = apiFixture({ clients: 1 });

const hour = 60 * 60 * 1000;

function deps() {
  return { db: t.database.db, storage: t.app.deps.storage };
}

function stored(key: string) {
  return existsSync(join(t.dataDir, "uploads", key));
}

async function rowOf(id: string) {
  const [row] = await t.database.db.select().from(uploads).where(eq(uploads.id, id));
  return row;
}

/** A finished upload, one half sent, and one attached to a document. */
async function threeKinds() {
  const finished = await uploadFile(t.app, alice.cookie, pdfFile("fini"), "fini.pdf");
  const file = pdfFile("à moitié", 4000);
  const { path } = await createUpload(t.app, alice.cookie, { size: file.length });
  const partial = path?.split("/").pop() ?? "";
  await patchUpload(t.app, alice.cookie, path ?? "", 0, file.subarray(0, 2000));
  const bytes = pdfFile("joint", 3000);
  const attached = await uploadFile(t.app, alice.cookie, bytes, "joint.pdf");
  const response = await t.app.inject({
    method: "POST",
    url: "/api/documents",
    headers: { cookie: alice.cookie },
    payload: { name: "Joint", category: "autre", uploadId: attached },
  });
  expect(response.statusCode).toBe(201);
  return { finished, partial, attached, bytes, documentId: response.json().document.id as string };
}

describe("sweepStaleUploads", () => {
  it("keeps uploads younger than a day, then removes them with their files, never a document's", async () => {
    const { finished, partial, attached, bytes, documentId } = await threeKinds();
    for (const id of [finished, partial, attached]) expect(stored(id)).toBe(true);

    expect(await sweepStaleUploads(deps())).toBe(0);
    expect(await sweepStaleUploads({ ...deps(), now: new Date(Date.now() + 23 * hour) })).toBe(0);
    expect(await rowOf(finished)).toBeDefined();
    expect(await rowOf(partial)).toBeDefined();

    const removed = await sweepStaleUploads({
      ...deps(),
      now: new Date(Date.now() + uploadLifetimeMs + hour),
    });
    expect(removed).toBeGreaterThanOrEqual(2);
    for (const id of [finished, partial]) {
      expect(await rowOf(id)).toBeUndefined();
      expect(stored(id)).toBe(false);
      expect(stored(`${id}.json`)).toBe(false);
    }
    const head = await t.app.inject({
      method: "HEAD",
      url: `/api/uploads/${partial}`,
      headers: { cookie: alice.cookie, "tus-resumable": "1.0.0" },
    });
    expect(head.statusCode).toBe(404);

    // The document's file was the upload's: it stays, and is still served.
    expect(stored(attached)).toBe(true);
    const served = await t.app.inject({
      url: `/api/documents/${documentId}/file`,
      headers: { cookie: alice.cookie },
    });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(bytes)).toBe(true);
  });
});

describe("startUploadSweeper", () => {
  it("sweeps at start what the database says is older than a day, and stops cleanly", async () => {
    const stale = await uploadFile(t.app, alice.cookie, pdfFile("vieux"), "vieux.pdf");
    const fresh = await uploadFile(t.app, alice.cookie, pdfFile("neuf"), "neuf.pdf");
    // As if the server had been stopped for two days since it arrived.
    await t.database.db
      .update(uploads)
      .set({ createdAt: new Date(Date.now() - 2 * uploadLifetimeMs) })
      .where(eq(uploads.id, stale));

    const logger = { info: vi.fn(), error: vi.fn() };
    const stop = startUploadSweeper({
      ...deps(),
      logger: logger as unknown as Pick<FastifyBaseLogger, "info" | "error">,
      intervalMs: 60_000,
    });
    await stop();

    expect(await rowOf(stale)).toBeUndefined();
    expect(stored(stale)).toBe(false);
    expect(await rowOf(fresh)).toBeDefined();
    expect(stored(fresh)).toBe(true);
    expect(logger.info).toHaveBeenCalledWith({ removed: 1 }, expect.any(String));
    expect(logger.error).not.toHaveBeenCalled();
  });
});

describe("a process that dies between a row's removal and its file's", () => {
  it("leaves the file's name in storage_deletions, and the periodic job deletes it", async () => {
    const finished = await uploadFile(t.app, alice.cookie, pdfFile("abandonné"), "abandon.pdf");
    const stale = await uploadFile(t.app, alice.cookie, pdfFile("périmé"), "perime.pdf");
    // The storage fails where a killed process would have stopped: after the commit.
    const failing = {
      ...t.app.deps.storage,
      delete: async () => {
        throw new Error("processus arrêté");
      },
    };
    await expect(
      discardUpload({ db: t.database.db, storage: failing, id: finished }),
    ).rejects.toThrow("processus arrêté");
    await expect(
      sweepStaleUploads({
        db: t.database.db,
        storage: failing,
        now: new Date(Date.now() + uploadLifetimeMs + hour),
      }),
    ).rejects.toThrow("processus arrêté");
    expect(await rowOf(finished)).toBeUndefined();
    expect(await rowOf(stale)).toBeUndefined();
    expect(stored(finished)).toBe(true);
    const named = await t.database.db
      .select()
      .from(storageDeletions)
      .where(inArray(storageDeletions.storageKey, [finished, stale]));
    expect(named).toHaveLength(2);

    // The data-rights job's pass (its own test says it runs periodically, on every instance).
    await deleteQueuedFiles(deps());
    expect(stored(finished)).toBe(false);
    expect(stored(stale)).toBe(false);
    const left = await t.database.db
      .select()
      .from(storageDeletions)
      .where(inArray(storageDeletions.storageKey, [finished, stale]));
    expect(left).toEqual([]);
  });
});
