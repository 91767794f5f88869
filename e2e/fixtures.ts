import { randomUUID } from "node:crypto";

export const e2ePort = Number(process.env.E2E_PORT ?? 4319);

/** The administrator created at start-up from ADMIN_EMAIL / ADMIN_PASSWORD. */
export const e2eAdmin = {
  email: "admin.e2e@horizoncredit.test",
  password: "Officier-2026!",
};

/** A fresh, unique client for one journey. */
export function newClient() {
  const id = randomUUID().slice(0, 8);
  return {
    firstName: "Awa",
    lastName: `Koné ${id}`,
    fullName: `Awa Koné ${id}`,
    email: `awa.${id}@exemple.ci`,
    password: "Baobab-Lagune-42",
  };
}

/** The DATA_DIR of the server under test (set by playwright.config.ts). */
export function e2eDataDir(): string {
  const dir = process.env.E2E_DATA_DIR;
  if (!dir)
    throw new Error("E2E_DATA_DIR is not set: run the journeys through playwright.config.ts");
  return dir;
}
