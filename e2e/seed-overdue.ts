// Writes the overdue journey's request (e2e/overdue-fixture.ts) straight into the data directory,
// before the server starts: a request dated three days back cannot be made through the API. Run
// by playwright.config.ts's webServer command, as scripts/admin-create.ts is.
import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { loadConfig } from "../src/server/config";
import { loanActivities, loanRequests, user } from "../src/server/db/schema";
import { openPlatformDatabase } from "../src/server/platform";
import { overdueClient, overdueLoan } from "./overdue-fixture";

async function main() {
  const config = loadConfig();
  const { database, lock } = await openPlatformDatabase(config, { purpose: "e2e seed-overdue" });
  try {
    const createdAt = sql`now() - make_interval(days => ${overdueLoan.ageDays})`;
    await database.db.transaction(async (tx) => {
      const id = randomUUID();
      await tx.insert(user).values({
        id,
        name: `${overdueClient.firstName} ${overdueClient.lastName}`,
        email: overdueClient.email,
        emailVerified: true,
        firstName: overdueClient.firstName,
        lastName: overdueClient.lastName,
        country: overdueClient.country,
        role: "client",
        createdAt: new Date(Date.now() - 10 * 86_400_000),
        updatedAt: new Date(Date.now() - 10 * 86_400_000),
      });
      const [loan] = await tx
        .insert(loanRequests)
        .values({
          userId: id,
          loanType: "business",
          amount: 2_000_000,
          durationMonths: 12,
          purpose: overdueLoan.purpose,
          status: "pending",
          office: overdueLoan.office,
          createdAt,
          updatedAt: createdAt,
        })
        .returning({ id: loanRequests.id });
      if (!loan) throw new Error("no request written");
      await tx.insert(loanActivities).values({
        loanId: loan.id,
        type: "status_change",
        newValue: "pending",
        createdBy: id,
        createdAt,
      });
    });
    console.log(`Demande en retard écrite pour ${overdueClient.email}`);
  } finally {
    await database.close();
    await lock?.release();
  }
}

main().catch((error: unknown) => {
  console.error("Échec de l'écriture de la demande en retard :", error);
  process.exit(1);
});
