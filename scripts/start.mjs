// `npm start`: serves the build at once when it is of the current sources, else builds first
// (scripts/build-stamp.mjs). The server then runs in this very process: signals reach it as they
// would `node build/server/main.js`.
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import {
  buildIsFresh,
  clearStamp,
  sourcesHash,
  withBuildLock,
  writeStamp,
} from "./build-stamp.mjs";

const root = join(import.meta.dirname, "..");

if (!buildIsFresh(root)) {
  await withBuildLock(root, async () => {
    // Another start may have built these sources while this one waited for the lock.
    const hash = sourcesHash(root);
    if (buildIsFresh(root, hash)) return;
    console.log("Sources modifiées depuis la dernière construction : npm run build…");
    clearStamp(root);
    const npm = process.platform === "win32" ? "npm.cmd" : "npm";
    const build = spawnSync(npm, ["run", "build"], { cwd: root, stdio: "inherit" });
    if (build.status !== 0) {
      console.error("La construction a échoué : le serveur ne démarre pas.");
      process.exit(build.status ?? 1);
    }
    writeStamp(root, hash);
  });
}

await import(pathToFileURL(join(root, "build", "server", "main.js")).href);
