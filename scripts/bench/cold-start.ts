// Cold start of the built server: time from `node build/server/main.js` to a healthy
// /api/health, on an empty DATA_DIR (migrations run) and on an existing one. Run `npm run build`
// first. Prints the median of several runs and the resident memory once started.
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { rssMiB, startServer } from "./server-process";

const runs = Number(process.argv[2] ?? 5);

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

const fresh: number[] = [];
const existing: number[] = [];
const memory: number[] = [];
for (let i = 0; i < runs; i += 1) {
  const dataDir = await mkdtemp(join(tmpdir(), "pret-bench-"));
  try {
    const first = await startServer({ DATA_DIR: dataDir });
    fresh.push(first.readyAfterMs);
    await first.stop();
    const second = await startServer({ DATA_DIR: dataDir });
    existing.push(second.readyAfterMs);
    memory.push(await rssMiB(second.child.pid));
    await second.stop();
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}
console.log(
  `cold start, empty DATA_DIR (migrations):  median ${median(fresh).toFixed(0)} ms over ${runs} runs`,
);
console.log(
  `cold start, existing DATA_DIR:             median ${median(existing).toFixed(0)} ms over ${runs} runs`,
);
console.log(`resident memory after start:               median ${median(memory).toFixed(1)} MiB`);
