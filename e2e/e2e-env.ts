// Where the journeys' server runs and keeps its data (set by playwright.config.ts).

export const e2ePort = Number(process.env.E2E_PORT ?? 4319);

/** The DATA_DIR of the server under test (set by playwright.config.ts). */
export function e2eDataDir(): string {
  const dir = process.env.E2E_DATA_DIR;
  if (!dir)
    throw new Error("E2E_DATA_DIR is not set: run the journeys through playwright.config.ts");
  return dir;
}
