import { count, eq } from "drizzle-orm";
import type { Auth } from "./auth/auth";
import { recordSecurityEvent } from "./auth/security-journal";
import type { Db } from "./db/client";
import { user } from "./db/schema";

export type AdminInput = { email: string; password: string; firstName: string; lastName: string };

export type AdminOutcome =
  | "created"
  | "promoted"
  | "already-admin"
  | "exists-as-client"
  | "closed-account";

export const adminCreateCommand =
  "npm run admin:create -- --email admin@exemple.com --password 'Mot-de-passe-solide' --first-name Prénom --last-name Nom";

/**
 * Creates an administrator account, or with `promote` turns an existing client into one (its
 * password is kept). Without `promote`, an existing client is left untouched. A closed account is
 * never made an officer: its sign-in is refused and its data is waiting for removal.
 */
export async function createAdmin(
  deps: { auth: Auth; db: Db },
  input: AdminInput,
  options: { promote?: boolean; from?: "command_line" | "start_up" } = {},
): Promise<AdminOutcome> {
  const email = input.email.trim().toLowerCase();
  const [existing] = await deps.db.select().from(user).where(eq(user.email, email)).limit(1);
  if (existing) {
    if (existing.closedAt !== null) return "closed-account";
    if (existing.role === "admin") return "already-admin";
    if (!options.promote) return "exists-as-client";
    await deps.db
      .update(user)
      .set({ role: "admin", updatedAt: new Date() })
      .where(eq(user.id, existing.id));
    await recordSecurityEvent(deps.db, undefined, {
      type: "role_change",
      userId: existing.id,
      email,
      reason: "client_to_admin",
    });
    return "promoted";
  }
  const context = await deps.auth.$context;
  const hash = await context.password.hash(input.password);
  // role is not an input of the public sign-up; this server-side creation sets it directly.
  const created = await context.internalAdapter.createUser(
    {
      email,
      name: `${input.firstName} ${input.lastName}`.trim(),
      emailVerified: true,
      firstName: input.firstName,
      lastName: input.lastName,
      role: "admin",
    },
    { method: "admin" },
  );
  try {
    await context.internalAdapter.linkAccount({
      userId: created.id,
      providerId: "credential",
      accountId: created.id,
      password: hash,
    });
  } catch (error) {
    await deps.db.delete(user).where(eq(user.id, created.id));
    throw error;
  }
  // A new account, not a change of role: the journal says where it was made.
  await recordSecurityEvent(deps.db, undefined, {
    type: "officer_created",
    userId: created.id,
    email,
    reason: options.from ?? "command_line",
  });
  return "created";
}

export async function countAdmins(db: Db): Promise<number> {
  const [row] = await db.select({ value: count() }).from(user).where(eq(user.role, "admin"));
  return row?.value ?? 0;
}
