import { eq } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import { countAdmins, createAdmin } from "./admin-account";
import { user } from "./db/schema";
import { apiFixture } from "./test/api-fixture";
import { newIdentity, nextIp, registerClient } from "./test/test-app";

const { t } = apiFixture();

describe("createAdmin", () => {
  test("creates an administrator who signs in; a second call changes nothing", async () => {
    const before = await countAdmins(t.database.db);
    const identity = newIdentity("chef");
    const input = {
      email: identity.email.toUpperCase(),
      password: identity.password,
      firstName: "Fatou",
      lastName: "Diop",
    };
    expect(await createAdmin(t.app.deps, input)).toBe("created");
    expect(await countAdmins(t.database.db)).toBe(before + 1);
    const signIn = await t.app.inject({
      method: "POST",
      url: "/api/session",
      payload: { email: identity.email, password: identity.password },
      remoteAddress: nextIp(),
    });
    expect(signIn.statusCode).toBe(200);
    expect(signIn.json().user).toMatchObject({
      email: identity.email,
      role: "admin",
      firstName: "Fatou",
      lastName: "Diop",
    });
    expect(await createAdmin(t.app.deps, { ...input, password: "Autre-Mot-2026" })).toBe(
      "already-admin",
    );
    // The password was not changed by the second call.
    const again = await t.app.inject({
      method: "POST",
      url: "/api/session",
      payload: { email: identity.email, password: identity.password },
      remoteAddress: nextIp(),
    });
    expect(again.statusCode).toBe(200);
  });

  test("an existing client is refused unless promoted; promotion keeps its password", async () => {
    const client = await registerClient(t.app);
    const input = {
      email: client.email,
      password: "Autre-Mot-2026",
      firstName: "X",
      lastName: "Y",
    };
    expect(await createAdmin(t.app.deps, input)).toBe("exists-as-client");
    const [still] = await t.database.db.select().from(user).where(eq(user.email, client.email));
    expect(still?.role).toBe("client");

    expect(await createAdmin(t.app.deps, input, { promote: true })).toBe("promoted");
    const signIn = await t.app.inject({
      method: "POST",
      url: "/api/session",
      payload: { email: client.email, password: client.password },
      remoteAddress: nextIp(),
    });
    expect(signIn.json().user.role).toBe("admin");
  });

  test("a closed account is never made an officer, even with promote", async () => {
    const client = await registerClient(t.app);
    await t.database.db
      .update(user)
      .set({ closedAt: new Date() })
      .where(eq(user.email, client.email));
    const input = {
      email: client.email,
      password: "Autre-Mot-2026",
      firstName: "X",
      lastName: "Y",
    };
    expect(await createAdmin(t.app.deps, input, { promote: true })).toBe("closed-account");
    expect(await createAdmin(t.app.deps, input)).toBe("closed-account");
    const [still] = await t.database.db.select().from(user).where(eq(user.email, client.email));
    expect(still?.role).toBe("client");
  });
});
