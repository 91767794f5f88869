import fc from "fast-check";
import { createFuzzer, everyRouteProperty, fuzzCase } from "../src/server/test/api-fuzz";

/**
 * npm run fuzz -- --runs 10000 [--seed 42] [--keep-going]: the API fuzz test's property
 * (src/server/test/api-fuzz.ts) for a long run, on a fresh in-memory PGlite or, with
 * TEST_DATABASE_URL, on a schema of its own on PostgreSQL. Prints the figures; exits 1 with the
 * shrunk case on a failure. --keep-going does not stop at the first failure: it runs every case
 * and lists each distinct finding (route and kind of problem) with the case that first showed it.
 */
function option(name: string): string | undefined {
  const index = process.argv.indexOf(`--${name}`);
  return index >= 0 ? process.argv[index + 1] : undefined;
}

const numRuns = Number(option("runs") ?? 1000);
const seed = Number(option("seed") ?? Date.now() % 2 ** 31);
const keepGoing = process.argv.includes("--keep-going");
const started = performance.now();
const fuzzer = await createFuzzer();
const statuses = new Map<number, number>();
let requests = 0;
let cases = 0;
fuzzer.onAnswer = (status) => {
  requests += 1;
  statuses.set(status, (statuses.get(status) ?? 0) + 1);
};
/** Route and kind of problem (the problem's first words) -> the first case and how many. */
const findings = new Map<string, { firstCase: number; count: number; example: string }>();
fuzzer.onProblem = (route, problem, request) => {
  const kind = `${route}: ${problem.replace(/:.*$/s, "").slice(0, 60)}`;
  const example = `${request}: ${problem}`;
  const finding = findings.get(kind) ?? { firstCase: cases, count: 0, example };
  finding.count += 1;
  findings.set(kind, finding);
};
console.log(
  `fuzz: ${numRuns} cases, seed ${seed}, ${process.env.TEST_DATABASE_URL ? "PostgreSQL" : "PGlite"}${keepGoing ? ", keep going" : ""}`,
);
let failed = false;
try {
  const property = keepGoing
    ? fc.asyncProperty(fuzzCase, async (fuzz) => {
        cases += 1;
        await fuzzer.run(fuzz);
      })
    : everyRouteProperty(fuzzer);
  await fc.assert(property, { numRuns, seed });
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
if (keepGoing) {
  console.log(`distinct findings: ${findings.size}`);
  for (const [kind, { firstCase, count, example }] of [...findings].sort(
    ([, a], [, b]) => a.firstCase - b.firstCase,
  )) {
    console.log(`  case ${firstCase}, ${count}x  ${kind}\n      ${example.slice(0, 400)}`);
  }
  if (findings.size > 0) failed = true;
}
console.log(
  `health afterwards: ${health.statusCode}; ${requests} answers; ${seconds.toFixed(1)} s`,
);
await fuzzer.close();
process.exit(failed || health.statusCode !== 200 ? 1 : 0);
