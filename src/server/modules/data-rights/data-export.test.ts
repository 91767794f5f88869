import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Readable } from "node:stream";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DataExportArchive, DataExportJson } from "../../../domain/api/data-rights";
import { dataRightsMessages } from "../../../domain/api/data-rights";
import { dataExports, documents, securityEvents, storageDeletions } from "../../db/schema";
import { createFilesystemStorage } from "../../storage/filesystem-storage";
import { startS3Server, type TestS3Server } from "../../test/s3-server";
import {
  createTestApp,
  errorOf,
  registerClient,
  signedInAdmin,
  type TestApp,
  type TestClient,
  uploadFile,
} from "../../test/test-app";
import { pdfFile } from "../../test/test-files";
import { createLoanWithDocuments } from "../loans/complement.test-helpers";
import { disbursedLoan } from "../servicing/servicing.test-helpers";
import { requestExport } from "./data-export.service";
import { runRetentionPass } from "./data-rights-jobs";
import { exportKey, runExportJobs } from "./export-worker";
import { readZip } from "./zip-reader.test-helpers";

// 'Télécharger mes données' on both storage drivers: the filesystem, and S3 on a real
// S3-protocol server (s3rver), since the archive is read from and written to the storage.

const silent = { info() {}, warn() {}, error() {} };

describe.each(["filesystem", "s3"] as const)("data export (%s storage)", (driver) => {
  let s3: TestS3Server | undefined;
  let t: TestApp;
  let client: TestClient;
  let other: TestClient;
  let officer: Awaited<ReturnType<typeof signedInAdmin>>;
  let loanId: number;
  const standalone = pdfFile("Attestation de domicile", 40_000);

  beforeAll(async () => {
    if (driver === "s3") s3 = await startS3Server();
    t = await createTestApp(s3 ? { storage: await s3.storage() } : {});
    officer = await signedInAdmin(t.app);
    client = await registerClient(t.app);
    other = await registerClient(t.app);
    const loan = await createLoanWithDocuments(t.app, client.cookie);
    loanId = loan.id;
    const call = (url: string, cookie: string, payload: object) =>
      t.app.inject({ method: "POST", url, headers: { cookie }, payload });
    expect(
      (await call(`/api/loans/${loanId}/notes`, client.cookie, { note: "Merci de votre retour" }))
        .statusCode,
    ).toBe(201);
    expect(
      (
        await call(`/api/admin/loans/${loanId}/notes`, officer.cookie, {
          note: "Note interne : revenus à vérifier",
        })
      ).statusCode,
    ).toBe(201);
    const rejected = await call(`/api/admin/loans/${loanId}/status`, officer.cookie, {
      from: "pending",
      to: "rejected",
      rejectionReason: "Revenus insuffisants",
    });
    expect(rejected.statusCode, rejected.body).toBe(200);
    const uploaded = await uploadFile(t.app, client.cookie, standalone, "domicile.pdf");
    const created = await t.app.inject({
      method: "POST",
      url: "/api/documents",
      headers: { cookie: client.cookie },
      payload: { name: "Justificatif de domicile", category: "autre", uploadId: uploaded },
    });
    expect(created.statusCode, created.body).toBe(201);
    // A replaced version: the first document marked replaced by the standalone one.
    const [first] = loan.documents;
    await t.database.db
      .update(documents)
      .set({ replacedAt: new Date(), replacedBy: created.json().document.id })
      .where(eq(documents.id, first?.id ?? ""));
  });

  afterAll(async () => {
    await t?.close();
    await s3?.close();
  });

  async function latest(cookie: string): Promise<DataExportJson | null> {
    const response = await t.app.inject({
      method: "GET",
      url: "/api/me/data-exports/latest",
      headers: { cookie },
    });
    expect(response.statusCode).toBe(200);
    return response.json().export;
  }

  async function readyExport(cookie: string): Promise<DataExportJson> {
    for (let i = 0; i < 200; i += 1) {
      const current = await latest(cookie);
      if (current?.status === "ready") return current;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error("the export never became ready");
  }

  it("builds the archive in the background: profile, requests as the client sees them, documents with replaced versions, notices", async () => {
    const started = await t.app.inject({
      method: "POST",
      url: "/api/me/data-exports",
      headers: { cookie: client.cookie },
    });
    expect(started.statusCode, started.body).toBe(202);
    const ready = await readyExport(client.cookie);
    expect(ready.id).toBe(started.json().export.id);
    expect(ready.percent).toBe(100);
    expect(ready.entriesTotal).toBe(2 + 4);
    expect(ready.entriesDone).toBe(ready.entriesTotal);
    expect(new Date(ready.expiresAt ?? 0).getTime() - new Date(ready.readyAt ?? 0).getTime()).toBe(
      168 * 3600 * 1000,
    );

    const download = await t.app.inject({
      method: "GET",
      url: `/api/me/data-exports/${ready.id}/archive`,
      headers: { cookie: client.cookie },
    });
    expect(download.statusCode).toBe(200);
    expect(download.headers["content-type"]).toBe("application/zip");
    expect(download.headers["content-disposition"]).toMatch(
      /^attachment; filename="mes-donnees-\d{4}-\d{2}-\d{2}\.zip"$/,
    );
    expect(download.rawPayload.length).toBe(ready.sizeBytes);
    const entries = await readZip(download.rawPayload);
    const names = [...entries.keys()];
    expect(names.slice(0, 2)).toEqual(["LISEZMOI.txt", "donnees.json"]);
    expect(names.filter((name) => name.startsWith("documents/"))).toHaveLength(4);

    const archive = JSON.parse(
      entries.get("donnees.json")?.toString("utf8") ?? "{}",
    ) as DataExportArchive;
    expect(archive.profile.email).toBe(client.email);
    expect(archive.requests.map((request) => request.id)).toEqual([loanId]);
    const history = JSON.stringify(archive.requests[0]?.activities);
    expect(history).toContain("Merci de votre retour");
    // The officers' internal note is their working paper, not the client's data.
    expect(JSON.stringify(archive)).not.toContain("Note interne");
    expect(archive.requests[0]?.rejectionReason).toBe("Revenus insuffisants");
    expect(archive.documents).toHaveLength(4);
    expect(archive.documents.filter((document) => document.replacedAt !== null)).toHaveLength(1);
    const domicile = archive.documents.find((document) => document.loanId === null);
    expect(entries.get(domicile?.archivePath ?? "")?.equals(standalone)).toBe(true);
    for (const document of archive.documents)
      expect(entries.has(document.archivePath ?? "")).toBe(true);
    expect(archive.notices.emails.map((mail) => mail.loanId)).toContain(loanId);
    expect(archive.notices.emails.every((mail) => !mail.text.includes("Note interne"))).toBe(true);

    const journal = await t.database.db
      .select()
      .from(securityEvents)
      .where(eq(securityEvents.userId, client.user.id));
    expect(
      journal.filter((event) => event.type === "data_export").map((event) => event.reason),
    ).toEqual(["requested", "downloaded"]);
  });

  it("holds the contract, its signature, the schedule and the payments of a disbursed loan", async () => {
    const borrower = await registerClient(t.app);
    const id = await disbursedLoan(t.app, t.database, {
      client: borrower.cookie,
      clientId: borrower.user.id,
      officer: officer.cookie,
    });
    const started = await t.app.inject({
      method: "POST",
      url: "/api/me/data-exports",
      headers: { cookie: borrower.cookie },
    });
    expect(started.statusCode, started.body).toBe(202);
    const ready = await readyExport(borrower.cookie);
    const download = await t.app.inject({
      method: "GET",
      url: `/api/me/data-exports/${ready.id}/archive`,
      headers: { cookie: borrower.cookie },
    });
    const entries = await readZip(download.rawPayload);
    const archive = JSON.parse(
      entries.get("donnees.json")?.toString("utf8") ?? "{}",
    ) as DataExportArchive;
    expect(archive.servicing.map((account) => account.loanId)).toEqual([id]);
    const [account] = archive.servicing;
    expect(account?.contract?.state).toBe("signed");
    expect(account?.disbursement?.amount).toBe(1_200_000);
    expect(account?.installments.length).toBeGreaterThan(0);
    // Both copies of the contract are among the documents, with their files.
    const contracts = archive.documents.filter((document) => document.category === "contrat");
    expect(contracts.map((document) => document.id).sort()).toEqual(
      [account?.contract?.unsignedDocumentId, account?.contract?.signedDocumentId].sort(),
    );
    for (const document of contracts) expect(entries.has(document.archivePath ?? "")).toBe(true);
    expect(entries.get("LISEZMOI.txt")?.toString("utf8")).toContain("(servicing)");
  });

  it("serves the archive to its owner only: another client or a made-up id get the same 404, an officer a 403", async () => {
    const ready = await readyExport(client.cookie);
    const archive = (cookie: string) =>
      t.app.inject({
        method: "GET",
        url: `/api/me/data-exports/${ready.id}/archive`,
        headers: { cookie },
      });
    const foreign = await archive(other.cookie);
    expect(foreign.statusCode).toBe(404);
    expect(errorOf(foreign).message).toBe(dataRightsMessages.exportNotFound);
    // Officers never use the client's routes, whatever they name.
    const officers = await archive(officer.cookie);
    expect(officers.statusCode).toBe(403);
    expect(errorOf(officers).code).toBe("forbidden");
    const unknown = await t.app.inject({
      method: "GET",
      url: "/api/me/data-exports/00000000-0000-4000-8000-000000000000/archive",
      headers: { cookie: client.cookie },
    });
    expect(unknown.statusCode).toBe(404);
    const anonymous = await t.app.inject({
      method: "GET",
      url: `/api/me/data-exports/${ready.id}/archive`,
    });
    expect(anonymous.statusCode).toBe(401);
    expect(await latest(other.cookie)).toBeNull();
  });

  it("answers a second request with the export being built, never a second one", async () => {
    const first = await requestExport({ db: t.database.db, userId: other.user.id });
    const second = await t.app.inject({
      method: "POST",
      url: "/api/me/data-exports",
      headers: { cookie: other.cookie },
    });
    expect(first.created).toBe(true);
    expect([200, 202]).toContain(second.statusCode);
    if (second.statusCode === 200) expect(second.json().export.id).toBe(first.export.id);
    const rows = await t.database.db
      .select()
      .from(dataExports)
      .where(eq(dataExports.userId, other.user.id));
    expect(rows).toHaveLength(1);
    await readyExport(other.cookie);
  });

  it("takes over an export whose builder died (restart) and leaves alone one that is still held", async () => {
    const db = t.database.db;
    await db.delete(dataExports).where(eq(dataExports.userId, other.user.id));
    const [held] = await db
      .insert(dataExports)
      .values({
        userId: other.user.id,
        status: "building",
        attempts: 1,
        entriesTotal: 3,
        entriesDone: 1,
        claimedUntil: new Date(Date.now() + 60_000),
      })
      .returning();
    expect(
      await runExportJobs({ db, storage: t.app.deps.storage, ttlHours: 1, logger: silent }),
    ).toBe(0);
    const [still] = await db
      .select()
      .from(dataExports)
      .where(eq(dataExports.id, held?.id ?? ""));
    expect(still?.status).toBe("building");
    expect(still?.attempts).toBe(1);

    // The instance holding it stopped: its claim lapses, the next pass builds it from the start.
    await db
      .update(dataExports)
      .set({ claimedUntil: new Date(Date.now() - 1000) })
      .where(eq(dataExports.id, held?.id ?? ""));
    expect(
      await runExportJobs({ db, storage: t.app.deps.storage, ttlHours: 1, logger: silent }),
    ).toBe(1);
    const [done] = await db
      .select()
      .from(dataExports)
      .where(eq(dataExports.id, held?.id ?? ""));
    expect(done?.status).toBe("ready");
    expect(done?.attempts).toBe(2);
    expect(await t.app.deps.storage.exists(exportKey(held?.id ?? ""))).toBe(true);
  });

  it("deletes an export and its file once its time is over", async () => {
    const db = t.database.db;
    const ready = await readyExport(client.cookie);
    const key = exportKey(ready.id);
    expect(await t.app.deps.storage.exists(key)).toBe(true);
    await db
      .update(dataExports)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(dataExports.id, ready.id));
    expect(await latest(client.cookie)).toBeNull();
    const gone = await t.app.inject({
      method: "GET",
      url: `/api/me/data-exports/${ready.id}/archive`,
      headers: { cookie: client.cookie },
    });
    expect(gone.statusCode).toBe(404);
    const pass = await runRetentionPass({
      db,
      storage: t.app.deps.storage,
      config: t.config,
      logger: silent,
    });
    expect(pass.exports).toBeGreaterThanOrEqual(1);
    expect(await db.select().from(dataExports).where(eq(dataExports.id, ready.id))).toHaveLength(0);
    expect(await t.app.deps.storage.exists(key)).toBe(false);
    expect(await db.select().from(storageDeletions)).toHaveLength(0);
  });

  it("deletes a queued file left by a crash between the commit and the deletion", async () => {
    const db = t.database.db;
    await t.app.deps.storage.put(
      "exports/left-by-a-crash.zip",
      Readable.from([Buffer.from("zip")]),
    );
    await db.insert(storageDeletions).values({ storageKey: "exports/left-by-a-crash.zip" });
    await runRetentionPass({ db, storage: t.app.deps.storage, config: t.config, logger: silent });
    expect(await t.app.deps.storage.exists("exports/left-by-a-crash.zip")).toBe(false);
    expect(await db.select().from(storageDeletions)).toHaveLength(0);
  });
});

describe("an archive written to a storage that starts reading late", () => {
  let t: TestApp;
  let dir: string;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), "pret-export-lent-"));
    // A put that waits before it reads (an object store's first round trip): the archive's bytes
    // must wait for it, none counted without being stored.
    const base = createFilesystemStorage(dir);
    const slow = new Proxy(base, {
      get(target, property, receiver) {
        if (property === "put") {
          return async (key: string, body: Readable) => {
            await new Promise((resolve) => setTimeout(resolve, 150));
            return target.put(key, body);
          };
        }
        return Reflect.get(target, property, receiver);
      },
    });
    t = await createTestApp({ storage: slow });
  });

  afterAll(async () => {
    await t?.close();
    await rm(dir, { recursive: true, force: true });
  });

  it("records the stored file's size and serves the whole archive", async () => {
    const client = await registerClient(t.app);
    await createLoanWithDocuments(t.app, client.cookie);
    const started = await t.app.inject({
      method: "POST",
      url: "/api/me/data-exports",
      headers: { cookie: client.cookie },
    });
    expect(started.statusCode, started.body).toBe(202);
    let ready: DataExportJson | null = null;
    for (let i = 0; i < 200 && ready?.status !== "ready"; i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      const response = await t.app.inject({
        url: "/api/me/data-exports/latest",
        headers: { cookie: client.cookie },
      });
      ready = response.json().export;
    }
    if (ready?.status !== "ready") throw new Error("the export never became ready");
    const download = await t.app.inject({
      url: `/api/me/data-exports/${ready.id}/archive`,
      headers: { cookie: client.cookie },
    });
    expect(download.rawPayload.length).toBe(ready.sizeBytes);
    const entries = await readZip(download.rawPayload);
    expect([...entries.keys()].slice(0, 2)).toEqual(["LISEZMOI.txt", "donnees.json"]);
  });
});
