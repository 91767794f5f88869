import { type FormEvent, useRef } from "react";

/**
 * A form's submit handler run once at a time: a second submit while the first is being checked
 * or sent (a double click, Enter pressed twice) is ignored. The guard is a ref, set at once: a
 * mutation's isPending only turns true once the mutation starts, and these forms first await
 * their schema (loaded on first use, lib/lazy-zod.ts), so a double click used to send the change
 * twice (two identical notes; a status change answered, then refused as changed meanwhile).
 *
 *   const single = useSingleSubmit();
 *   <form onSubmit={single(confirm)}>
 */
export function useSingleSubmit() {
  const running = useRef(false);
  return (handler: (event: FormEvent) => Promise<void>) => async (event: FormEvent) => {
    // Even an ignored submit must not reach the browser's own form submission.
    event.preventDefault();
    if (running.current) return;
    running.current = true;
    try {
      await handler(event);
    } finally {
      running.current = false;
    }
  };
}
