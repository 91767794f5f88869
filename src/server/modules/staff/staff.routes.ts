import { asc, eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { requireAdmin, toUserJson } from "../../auth";
import { user } from "../../db/schema";

/** The loan officers (admin accounts): the assign dialog picks among them. */
export async function staffRoutes(app: FastifyInstance) {
  const { db } = app.deps;

  app.get("/admin/administrators", { preHandler: requireAdmin }, async () => {
    const rows = await db
      .select()
      .from(user)
      .where(eq(user.role, "admin"))
      .orderBy(asc(user.lastName), asc(user.firstName), asc(user.email));
    return { administrators: rows.map(toUserJson) };
  });
}
