import { existsSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

let cached: string | undefined;

/**
 * The directory holding package.json, found by walking up from this module. Works from the
 * sources (src/server, run by tsx or Vitest) and from the bundle (build/server/main.js).
 */
export function projectRoot(): string {
  if (cached) return cached;
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    if (existsSync(join(dir, "package.json"))) {
      cached = dir;
      return dir;
    }
    const parent = dirname(dir);
    if (parent === dir) throw new Error("package.json introuvable au-dessus du serveur");
    dir = parent;
  }
}

export const migrationsFolder = () => join(projectRoot(), "src", "server", "db", "migrations");
export const webClientDir = () => join(projectRoot(), "build", "web", "client");
