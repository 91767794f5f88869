import fc from "fast-check";
import { createFuzzer, everyRouteProperty } from "../src/server/test/api-fuzz";

/**
 * npm run fuzz -- --runs 10000 [--seed 42]: the API fuzz test's property (src/server/test/
 * api-fuzz.ts) for a long run, on a fresh in-memory PGlite or, with TEST_DATABASE_URL, on a
 * schema of its own on PostgreSQL. Prints the figures; exits 1 with the shrunk case on a failure.
 */
function option(name: string): string | undefined {
  const index = process.argv.indexOf(`--${name}`);
  return index >= 0 ? process.argv[index + 1] : undefined;
}

const numRuns = Number(option("runs") ?? 1000);
const seed = Number(option("seed") ?? Date.now() % 2 ** 31);
const started = performance.now();
const fuzzer = await createFuzzer();
const statuses = new Map<number, number>();
fuzzer.onAnswer = (status) => statuses.set(status, (statuses.get(status) ?? 0) + 1);
console.log(
  `fuzz: ${numRuns} cases, seed ${seed}, ${process.env.TEST_DATABASE_URL ? "PostgreSQL" : "PGlite"}`,
);
let failed = false;
try {
  await fc.assert(everyRouteProperty(fuzzer), { numRuns, seed });
} catch (error) {
  failed = true;
  console.error(String(error instanceof Error ? error.message : error));
  // fast-check keeps the property's own error as the cause: what was wrong with the answer.
  if (error instanceof Error && error.cause) console.error(`cause: ${String(error.cause)}`);
}
const health = await fuzzer.t.app.inject({ url: "/api/health" });
const seconds = (performance.now() - started) / 1000;
const byStatus = [...statuses]
  .sort(([a], [b]) => a - b)
  .map(([status, count]) => `${status}: ${count}`);
console.log(`answers by status: ${byStatus.join(", ")}`);
console.log(`health afterwards: ${health.statusCode}; ${seconds.toFixed(1)} s`);
await fuzzer.close();
process.exit(failed || health.statusCode !== 200 ? 1 : 0);
