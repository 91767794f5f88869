import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, test } from "vitest";
import { DataDirLockedError, isDataDirLocked, lockDataDir } from "./data-dir-lock";

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe("lockDataDir", () => {
  test("a second lock on the same DATA_DIR is refused with a clear French sentence", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), "pret-lock-"));
    dirs.push(dataDir);
    const first = await lockDataDir(dataDir, { purpose: "serveur de la plateforme" });
    const second = lockDataDir(dataDir, { purpose: "second serveur" });
    await expect(second).rejects.toBeInstanceOf(DataDirLockedError);
    await expect(second).rejects.toThrow(
      `Le dossier de données ${dataDir} est déjà utilisé par un autre processus de la plateforme (serveur de la plateforme, PID ${process.pid}`,
    );
    await expect(second).rejects.toThrow(/Arrêtez-le ou choisissez un autre DATA_DIR\.$/);

    // Another directory is free.
    const otherDir = mkdtempSync(join(tmpdir(), "pret-lock-"));
    dirs.push(otherDir);
    const other = await lockDataDir(otherDir, { purpose: "autre" });
    await other.release();

    await first.release();
    expect(existsSync(join(dataDir, ".platform.lock"))).toBe(false);
    const again = await lockDataDir(dataDir, { purpose: "redémarrage" });
    await again.release();
  });

  test("a lock left by a crashed process is taken over once stale", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), "pret-lock-"));
    dirs.push(dataDir);
    const crashed = await lockDataDir(dataDir, {
      purpose: "processus arrêté brutalement",
      staleMs: 2_000,
      onCompromised: () => {},
    });
    // Simulate the crash: the holder stops refreshing the lock (its timer is gone).
    const { utimesSync } = await import("node:fs");
    const old = new Date(Date.now() - 60_000);
    utimesSync(join(dataDir, ".platform.lock"), old, old);
    expect(await isDataDirLocked(dataDir, 2_000)).toBe(false);
    const next = await lockDataDir(dataDir, { purpose: "nouveau serveur", staleMs: 2_000 });
    await next.release();
    await crashed.release();
  });
});
