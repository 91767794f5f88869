import type { FastifyBaseLogger } from "fastify";

export type Background = {
  /** Runs `task` without making the request wait for it; failures are logged, never thrown. */
  run(name: string, task: () => Promise<unknown>): void;
  /** Resolves once every task started so far has finished (tests, and shutdown). */
  drain(): Promise<void>;
};

/**
 * Work that must not delay the answer, such as sending a reset e-mail: the reply then takes the
 * same time whether or not the account exists, and a slow SMTP server does not hold the browser.
 */
export function createBackground(logger: Pick<FastifyBaseLogger, "error">): Background {
  const pending = new Set<Promise<unknown>>();
  return {
    run(name, task) {
      const promise = task()
        .catch((error: unknown) =>
          logger.error({ err: error, task: name }, "tâche de fond en échec"),
        )
        .finally(() => pending.delete(promise));
      pending.add(promise);
    },
    async drain() {
      while (pending.size > 0) await Promise.allSettled([...pending]);
    },
  };
}
