import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  buildIsFresh,
  clearStamp,
  sourcesHash,
  withBuildLock,
  writeStamp,
} from "./build-stamp.mjs";

let root: string;

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), "build-stamp-"));
  mkdirSync(join(root, "src", "server"), { recursive: true });
  writeFileSync(join(root, "package.json"), "{}");
  writeFileSync(join(root, "src", "server", "main.ts"), "export {};\n");
});

afterEach(() => rmSync(root, { recursive: true, force: true }));

describe("npm start's build stamp", () => {
  it("is fresh after a build of the same sources, stale once a source changes", () => {
    expect(buildIsFresh(root)).toBe(false);
    writeStamp(root, sourcesHash(root));
    expect(buildIsFresh(root)).toBe(true);
    // A test changes nothing the build makes.
    writeFileSync(join(root, "src", "server", "main.test.ts"), "it('x', () => {});\n");
    expect(buildIsFresh(root)).toBe(true);
    writeFileSync(join(root, "src", "server", "main.ts"), "export const changed = 1;\n");
    expect(buildIsFresh(root)).toBe(false);
  });

  it("is stale while a build is under way (cleared first, written at the end)", () => {
    const hash = sourcesHash(root);
    writeStamp(root, hash);
    clearStamp(root);
    expect(buildIsFresh(root, hash)).toBe(false);
  });

  it("lets one start build at a time in a folder; a dead holder's lock is taken over", async () => {
    const order: string[] = [];
    const first = withBuildLock(root, async () => {
      order.push("first in");
      await new Promise((resolve) => setTimeout(resolve, 100));
      order.push("first out");
    });
    const second = withBuildLock(
      root,
      async () => {
        order.push("second in");
      },
      { waitMs: 20 },
    );
    await Promise.all([first, second]);
    expect(order).toEqual(["first in", "first out", "second in"]);

    // A start killed mid-build leaves its lock behind, naming a process that is gone.
    const gone = spawn(process.execPath, ["-e", ""]);
    await new Promise((resolve) => gone.on("exit", resolve));
    mkdirSync(join(root, "build", ".build-lock"), { recursive: true });
    writeFileSync(join(root, "build", ".build-lock", "pid"), String(gone.pid));
    expect(await withBuildLock(root, async () => "taken over", { waitMs: 20 })).toBe("taken over");
  });
});
