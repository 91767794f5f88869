// `npm start` builds only when the sources changed since the last build (issue 29): the build
// (about 3 minutes on a 2-core machine) is not run again when a supervisor restarts the server
// after a crash. The stamp is the hash of every file the build reads, written in build/ once a
// build has finished; a lock makes two starts in one folder build one after the other, the
// second finding the first's build fresh. Plain JavaScript: it runs before anything is compiled.
import { createHash } from "node:crypto";
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join, relative, sep } from "node:path";

/** What the build reads: the sources (tests left out), the configuration, the lock file. */
const inputs = [
  "src",
  "public",
  "scripts",
  "package.json",
  "package-lock.json",
  "react-router.config.ts",
  "vite.config.ts",
  "tsconfig.json",
];

const stampFile = (root) => join(root, "build", ".sources-hash");
const lockDir = (root) => join(root, "build", ".build-lock");

function filesUnder(root, path) {
  let entries;
  try {
    entries = readdirSync(join(root, path), { withFileTypes: true });
  } catch (error) {
    if (error.code === "ENOTDIR") return [path];
    if (error.code === "ENOENT") return [];
    throw error;
  }
  return entries.flatMap((entry) => {
    const child = join(path, entry.name);
    if (entry.isDirectory()) return entry.name === "node_modules" ? [] : filesUnder(root, child);
    return /\.test\.tsx?$/.test(entry.name) ? [] : [child];
  });
}

/** The hash of the build's inputs: their paths and contents, in a fixed order. */
export function sourcesHash(root) {
  const hash = createHash("sha256");
  const files = inputs.flatMap((input) => filesUnder(root, input)).sort();
  for (const file of files) {
    hash.update(relative(root, join(root, file)).split(sep).join("/"));
    hash.update("\0");
    hash.update(readFileSync(join(root, file)));
    hash.update("\0");
  }
  return hash.digest("hex");
}

/** True when build/ holds a finished build of these very sources. */
export function buildIsFresh(root, hash = sourcesHash(root)) {
  try {
    return readFileSync(stampFile(root), "utf8").trim() === hash;
  } catch {
    return false;
  }
}

/** Before a build: an interrupted build must not look finished. */
export function clearStamp(root) {
  rmSync(stampFile(root), { force: true });
}

export function writeStamp(root, hash) {
  mkdirSync(join(root, "build"), { recursive: true });
  writeFileSync(stampFile(root), `${hash}\n`);
}

function alive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error.code === "EPERM";
  }
}

/**
 * Runs `work` holding the folder's build lock (a directory, made atomically, naming its holder's
 * pid). A lock whose holder has died is taken over; a live one is waited for.
 */
export async function withBuildLock(root, work, { waitMs = 1000 } = {}) {
  const dir = lockDir(root);
  mkdirSync(join(root, "build"), { recursive: true });
  for (;;) {
    try {
      mkdirSync(dir);
      writeFileSync(join(dir, "pid"), String(process.pid));
      break;
    } catch (error) {
      if (error.code !== "EEXIST") throw error;
      const holder = Number(readFileSync(join(dir, "pid"), { encoding: "utf8", flag: "a+" }));
      if (holder && !alive(holder)) {
        rmSync(dir, { recursive: true, force: true });
        continue;
      }
      await new Promise((resolve) => setTimeout(resolve, waitMs));
    }
  }
  try {
    return await work();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
