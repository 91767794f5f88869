import type { FieldErrors, FieldValues, Resolver } from "react-hook-form";
import type { z } from "zod";
import type { $ZodType } from "zod/v4/core";
import { toast } from "../components/toast";
import { networkErrorMessage } from "./api-client";

// zod and the schemas (src/domain/**/*.schema.ts) weigh more than most pages: the browser loads
// them when a form is about to validate, never with the page. A form names its schema with a
// dynamic import, e.g. `lazyZodResolver(() => import("…/auth.schema").then((m) => m.loginSchema))`,
// and spreads `preloadProps` on its <form>: the first focus, input or tap inside it starts the
// download, so that the first submit rarely waits for it. See docs/architecture.md.

type Preload = () => void;

export type LoadOnce<T> = {
  /** Loads once; a failed download is forgotten, so the next call tries again. */
  (): Promise<T>;
  /** Starts the download (a failure stays silent: the submit tries again and reports it). */
  preload: Preload;
  /** Spread on the <form>: its first focus, input or tap starts the download. */
  preloadProps: { onFocus: Preload; onInput: Preload; onPointerDown: Preload };
};

function loadOnce<T>(load: () => Promise<T>): LoadOnce<T> {
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

export type LazyZodResolver<Input extends FieldValues, Output> = Resolver<Input, unknown, Output> &
  Pick<LoadOnce<unknown>, "preload" | "preloadProps">;

/**
 * zodResolver(schema) for react-hook-form, with the schema and @hookform/resolvers/zod loaded
 * on first use. Validation, values and messages are zodResolver's; what was typed stays in the
 * form while the download runs (react-hook-form holds the values, the resolver only reads them).
 * Offline, the form is not sent: the network message shows (once until a download succeeds) and
 * the next submit downloads again.
 */
export function lazyZodResolver<Input extends FieldValues, Output>(
  load: () => Promise<$ZodType<Output, Input>>,
): LazyZodResolver<Input, Output> {
  const resolver = loadOnce(async () => {
    const [{ zodResolver }, schema] = await Promise.all([
      import("@hookform/resolvers/zod"),
      load(),
    ]);
    return zodResolver(schema) as Resolver<Input, unknown, Output>;
  });
  let failureShown = false;
  const resolve: Resolver<Input, unknown, Output> = async (values, context, options) => {
    let schemaResolver: Resolver<Input, unknown, Output>;
    try {
      schemaResolver = await resolver();
    } catch {
      if (!failureShown) toast.error(networkErrorMessage);
      failureShown = true;
      const root = { type: "network", message: networkErrorMessage };
      return { values: {}, errors: { root } as FieldErrors<Input> };
    }
    failureShown = false;
    return schemaResolver(values, context, options);
  };
  return Object.assign(resolve, {
    preload: resolver.preload,
    preloadProps: resolver.preloadProps,
  });
}
