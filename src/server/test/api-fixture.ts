import { afterAll, beforeAll } from "vitest";
import {
  createTestApp,
  registerClient,
  signedInAdmin,
  type TestApp,
  type TestAppOptions,
  type TestClient,
} from "./test-app";

export type TestOfficer = Awaited<ReturnType<typeof signedInAdmin>>;

/** A tuple of N elements, so that `officers: [a, b]` is typed without `| undefined`. */
type Tuple<T, N extends number, Acc extends T[] = []> = number extends N
  ? T[]
  : Acc["length"] extends N
    ? Acc
    : Tuple<T, N, [...Acc, T]>;

export type ApiFixtureOptions<O extends number, C extends number> = {
  /** Signed-in officers, made in this order (each an administrator, as ADMIN_EMAIL makes). */
  officers?: O;
  /** Clients registered through the API, after the officers. */
  clients?: C;
  /** Passed to createTestApp (environment, logger...); a function is called in beforeAll. */
  app?: TestAppOptions | (() => TestAppOptions | Promise<TestAppOptions>);
};

/**
 * The set-up every API test file shared: one platform for the file (createTestApp), its
 * officers and its clients, made before the file's first test and closed after its last.
 *
 *   const { t, officers: [officer, second], clients: [client] } =
 *     apiFixture({ officers: 2, clients: 1 });
 *
 * The objects are returned at once, empty, and filled in place by beforeAll: the test file can
 * name them at the top (as `const`) and read them in its tests and its own hooks, which vitest runs
 * after this one (hooks run in the order they are declared). Reading them at the file's top level,
 * outside a hook or test, would see them empty.
 */
export function apiFixture<const O extends number = 0, const C extends number = 0>(
  options: ApiFixtureOptions<O, C> = {},
): { t: TestApp; officers: Tuple<TestOfficer, O>; clients: Tuple<TestClient, C> } {
  const t = {} as TestApp;
  const officers = Array.from({ length: options.officers ?? 0 }, () => ({}) as TestOfficer);
  const clients = Array.from({ length: options.clients ?? 0 }, () => ({}) as TestClient);

  beforeAll(async () => {
    const appOptions = typeof options.app === "function" ? await options.app() : options.app;
    Object.assign(t, await createTestApp(appOptions));
    for (const officer of officers) Object.assign(officer, await signedInAdmin(t.app));
    for (const client of clients) Object.assign(client, await registerClient(t.app));
  });

  afterAll(async () => {
    // Absent when createTestApp itself failed: that error is the one to read.
    await t.close?.();
  });

  return {
    t,
    officers: officers as Tuple<TestOfficer, O>,
    clients: clients as Tuple<TestClient, C>,
  };
}
