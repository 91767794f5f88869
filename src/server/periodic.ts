/**
 * Runs `task` now, then every `intervalMs`, never two runs at once (a slow run makes the next
 * tick skip). What is due is read from the database by each task, so a restart loses nothing.
 * Failures go to `onError`, never thrown. Returns the function that stops it and waits for the
 * run in progress.
 */
export function startPeriodic({
  task,
  intervalMs,
  onError,
}: {
  task: () => Promise<unknown>;
  intervalMs: number;
  onError: (error: unknown) => void;
}): () => Promise<void> {
  let running: Promise<void> | undefined;
  const tick = () => {
    if (running) return;
    running = task()
      .then(() => undefined)
      .catch(onError)
      .finally(() => {
        running = undefined;
      });
  };
  tick();
  const timer = setInterval(tick, intervalMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
