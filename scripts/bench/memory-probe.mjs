// Preloaded (node --import) into a server under a benchmark: on SIGUSR2 it writes the process's
// memory (process.memoryUsage(), bytes) and its event loop's delay since the previous signal
// (milliseconds: how long the loop was kept from running, e.g. by the embedded database's
// synchronous work) to BENCH_MEMORY_FILE. Nothing else changes in the server.
import { writeFileSync } from "node:fs";
import { monitorEventLoopDelay } from "node:perf_hooks";

const file = process.env.BENCH_MEMORY_FILE;
if (file) {
  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  process.on("SIGUSR2", () => {
    const loop = { p99: delay.percentile(99) / 1e6, max: delay.max / 1e6 };
    delay.reset();
    writeFileSync(file, JSON.stringify({ ...process.memoryUsage(), loop }));
  });
}
