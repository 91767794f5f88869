import { asc, eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { requireAdmin, toUserJson, type UserJson } from "../../auth";
import type { Db } from "../../db/client";
import { user } from "../../db/schema";

/** The loan officers (admin accounts), by name. */
export async function listAdministrators(db: Db): Promise<UserJson[]> {
  const rows = await db
    .select()
    .from(user)
    .where(eq(user.role, "admin"))
    .orderBy(asc(user.lastName), asc(user.firstName), asc(user.email));
  return rows.map(toUserJson);
}

/** The loan officers: the assign dialog picks among them, 'Paramètres' lists them. */
export async function staffRoutes(app: FastifyInstance) {
  const { db } = app.deps;

  app.get("/admin/administrators", { preHandler: requireAdmin }, async () => {
    return { administrators: await listAdministrators(db) };
  });
}
