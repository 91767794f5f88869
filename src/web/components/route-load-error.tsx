import { isRouteErrorResponse, useRevalidator, useRouteError } from "react-router";
import type { PageReadRefusal } from "../../domain/page-reader";
import { genericErrorMessage } from "../lib/api-client";
import { LoadError } from "./load-error";

/**
 * What a page shows when its data could not be read (its loader failed): the server's French
 * message when it refused the read (a filter it does not take, say), else the page's own
 * message, with 'Réessayer'. Used as the route's ErrorBoundary, inside the area's frame.
 */
export function RouteLoadError({
  message,
}: {
  /** The page's message, or the page's message around the error's (the spec's "{error}"). */
  message: string | ((detail: string) => string);
}) {
  const error = useRouteError();
  const { revalidate, state } = useRevalidator();
  const refusal = isRouteErrorResponse(error)
    ? (error.data as Partial<PageReadRefusal> | null)?.message
    : undefined;
  const text =
    typeof message === "string"
      ? error && isRouteErrorResponse(error) && error.status === 400 && refusal
        ? refusal
        : message
      : message(refusal ?? genericErrorMessage);
  return (
    <LoadError
      message={text}
      onRetry={() => {
        if (state === "idle") void revalidate();
      }}
    />
  );
}
