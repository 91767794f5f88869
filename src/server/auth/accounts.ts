import { eq } from "drizzle-orm";
import type { Db } from "../db/client";
import { user as userTable } from "../db/schema";
import { AppError } from "../http/app-error";

// The account reads the auth routes share: by id (the signed-in user), by address (sign-up,
// sign-in and reset, which must answer the same whether or not the account exists).

export async function findUser({ db, id }: { db: Db; id: string }) {
  const [row] = await db.select().from(userTable).where(eq(userTable.id, id)).limit(1);
  if (!row) throw new AppError("unauthenticated", 401, "Vous devez être connecté");
  return row;
}

export async function accountOf({ db, email }: { db: Db; email: string }) {
  const [row] = await db
    .select({ id: userTable.id, closedAt: userTable.closedAt })
    .from(userTable)
    .where(eq(userTable.email, email))
    .limit(1);
  return row;
}

export async function accountIdOf(args: { db: Db; email: string }): Promise<string | undefined> {
  return (await accountOf(args))?.id;
}
