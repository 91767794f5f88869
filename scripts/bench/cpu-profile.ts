// Where a process's CPU went, from the .cpuprofile files `node --cpu-prof` writes at exit: the
// self time by package (node_modules/<name>, the project's own code, node's internals, garbage
// collection, idle) and the functions that took most. Used by bench:admin-list --cpu-prof.

import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

type ProfileNode = {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
};
type Profile = { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[] };

/** node_modules/<package> (scoped too), "projet" for our own build, else node's own. */
function owner(url: string, name: string): string {
  if (url === "") return name.startsWith("(") ? name : "(node natif)";
  const inModules = url.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/);
  if (inModules) return inModules[1] as string;
  if (url.startsWith("node:")) return "(node)";
  return "projet";
}

export function summariseCpuProfiles(dir: string, top = 15): string[] {
  const byOwner = new Map<string, number>();
  const byFunction = new Map<string, number>();
  let total = 0;
  for (const file of readdirSync(dir).filter((name) => name.endsWith(".cpuprofile"))) {
    const profile = JSON.parse(readFileSync(join(dir, file), "utf8")) as Profile;
    const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
    profile.samples.forEach((id, index) => {
      const node = nodes.get(id);
      const micros = profile.timeDeltas[index] ?? 0;
      if (!node) return;
      const { functionName, url, lineNumber } = node.callFrame;
      const name = functionName || "(anonyme)";
      const who = owner(url, name);
      total += micros;
      byOwner.set(who, (byOwner.get(who) ?? 0) + micros);
      const key = `${name} ${who === "projet" || who.startsWith("(") ? url.split("/").pop() : who}:${lineNumber + 1}`;
      byFunction.set(key, (byFunction.get(key) ?? 0) + micros);
    });
  }
  const share = (micros: number) =>
    `${(micros / 1000).toFixed(0).padStart(6)} ms ${((100 * micros) / total).toFixed(1).padStart(5)} %`;
  const sorted = (map: Map<string, number>) => [...map].sort((a, b) => b[1] - a[1]);
  return [
    `temps échantillonné : ${(total / 1000).toFixed(0)} ms`,
    "par origine (temps propre) :",
    ...sorted(byOwner)
      .slice(0, top)
      .map(([who, micros]) => `  ${share(micros)}  ${who}`),
    "fonctions (temps propre) :",
    ...sorted(byFunction)
      .slice(0, top)
      .map(([name, micros]) => `  ${share(micros)}  ${name}`),
  ];
}
