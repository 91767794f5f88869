import { useCallback, useRef, useState } from "react";
import { useRevalidator } from "react-router";

export type ApiMutation<Input, Output> = {
  /** Runs the action; resolves once the page's data has been read again. Rejects as it does. */
  mutateAsync: (input: Input) => Promise<Output>;
  /** True from the call until the page shows what the action changed. */
  isPending: boolean;
};

/**
 * An action of the user through the API (a status change, a note, a document attached...): once
 * it is done, whether it succeeded or was refused (another officer was first), the page's loaders
 * read its data again, so the page shows the request as it now is.
 */
export function useApiMutation<Input, Output>(
  action: (input: Input) => Promise<Output>,
): ApiMutation<Input, Output> {
  const { revalidate } = useRevalidator();
  const [pending, setPending] = useState(0);
  const latest = useRef(action);
  latest.current = action;

  const mutateAsync = useCallback(
    async (input: Input) => {
      setPending((count) => count + 1);
      try {
        return await latest.current(input);
      } finally {
        await revalidate();
        setPending((count) => count - 1);
      }
    },
    [revalidate],
  );
  return { mutateAsync, isPending: pending > 0 };
}
