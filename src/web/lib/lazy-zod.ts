import type { z } from "zod";
import { networkErrorMessage } from "./api-client";

// zod and the schemas (src/domain/**/*.schema.ts) weigh more than most pages: the browser loads
// them when a form is about to validate, never with the page. A form names its schema with a
// dynamic import, e.g. `lazySchema(() => import("…/loan-request.schema").then((m) => m.loanNoteSchema))`
// (useFieldsForm, fields-form.ts, takes such a schema), and starts the download when the form is
// opened or touched (`preload`, `preloadProps`), so that the first submit rarely waits for it.
// See docs/architecture.md.

type Preload = () => void;

export type LoadOnce<T> = {
  /** Loads once; a failed download is forgotten, so the next call tries again. */
  (): Promise<T>;
  /** Starts the download (a failure stays silent: the submit tries again and reports it). */
  preload: Preload;
  /** Spread on the <form>: its first focus, input or tap starts the download. */
  preloadProps: { onFocus: Preload; onInput: Preload; onPointerDown: Preload };
};

export function loadOnce<T>(load: () => Promise<T>): LoadOnce<T> {
  let pending: Promise<T> | undefined;
  const get = () => {
    pending ??= load().catch((error: unknown) => {
      pending = undefined;
      throw error;
    });
    return pending;
  };
  const preload = () => void get().catch(() => {});
  return Object.assign(get, {
    preload,
    preloadProps: { onFocus: preload, onInput: preload, onPointerDown: preload },
  });
}

/** What safeParse gives, or (offline) one issue without a path: the network message. */
export type LazyParseResult<Output> =
  | { success: true; data: Output }
  | { success: false; error: { issues: { path: PropertyKey[]; message: string }[] } };

/**
 * The first message for each field of a failed safeParse, keyed by the field's name (the first
 * segment of the issue's path); an issue without a path goes under `formKey`.
 */
export function firstIssueByField(
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
  formKey = "form",
): Record<string, string> {
  const byField: Record<string, string> = {};
  for (const issue of issues) byField[String(issue.path[0] ?? formKey)] ??= issue.message;
  return byField;
}

export type LazySchema<Schema extends z.ZodType> = LoadOnce<Schema> & {
  safeParse(input: unknown): Promise<LazyParseResult<z.output<Schema>>>;
};

/** A schema loaded on first use, for the forms that call safeParse themselves (dialogs). */
export function lazySchema<Schema extends z.ZodType>(
  load: () => Promise<Schema>,
): LazySchema<Schema> {
  const schema = loadOnce(load);
  return Object.assign(schema, {
    safeParse: (input: unknown): Promise<LazyParseResult<z.output<Schema>>> =>
      schema().then(
        (loaded) => loaded.safeParse(input),
        () => ({ success: false, error: { issues: [{ path: [], message: networkErrorMessage }] } }),
      ),
  });
}
