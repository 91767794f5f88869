import type { FastifyInstance } from "fastify";
import { reminderIntervalMs, sendComplementReminders } from "../notices/complement-reminder";
import { startPeriodic } from "../periodic";

/**
 * The SMS of the app's life (registered with the API modules): the sender and its dispatcher
 * start when the app is ready and stop on close; the complements' reminder runs every 10 min.
 */
export async function smsModule(app: FastifyInstance) {
  const { db, sms, config } = app.deps;
  let stopReminders: (() => Promise<void>) | undefined;
  app.addHook("onReady", async () => {
    sms.start();
    stopReminders = startPeriodic({
      task: async () => {
        if ((await sendComplementReminders({ db, baseUrl: config.baseUrl })) > 0) sms.kick();
      },
      intervalMs: reminderIntervalMs,
      onError: (error) => app.log.error({ err: error }, "rappels de complément en échec"),
    });
  });
  app.addHook("onClose", async () => {
    await stopReminders?.();
    await sms.stop();
  });
}
