// Preloaded (node --import) into a server under a benchmark: on SIGUSR2 it writes the process's
// memory (process.memoryUsage(), bytes) to BENCH_MEMORY_FILE, so that the benchmark reads the
// heap as well as the RSS /proc gives. Nothing else changes in the server.
import { writeFileSync } from "node:fs";

const file = process.env.BENCH_MEMORY_FILE;
if (file) {
  process.on("SIGUSR2", () => {
    writeFileSync(file, JSON.stringify(process.memoryUsage()));
  });
}
