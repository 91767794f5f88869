import { zodResolver } from "@hookform/resolvers/zod";
import type { FieldErrors, FieldValues, Resolver } from "react-hook-form";
import type { $ZodType } from "zod/v4/core";
import { toast } from "../components/toast";
import { networkErrorMessage } from "./api-client";
import { type LoadOnce, loadOnce } from "./lazy-zod";

// react-hook-form's side of lazy-zod.ts. zodResolver itself is imported here, statically: it is
// small and does not import zod (it reads the schema it is given), and only the pages with a
// react-hook-form form import this module, react-hook-form with it.

export type LazyZodResolver<Input extends FieldValues, Output> = Resolver<Input, unknown, Output> &
  Pick<LoadOnce<unknown>, "preload" | "preloadProps">;

/**
 * zodResolver(schema) for react-hook-form, with the schema loaded on first use. Validation, values
 * and messages are zodResolver's; what was typed stays in the form while the download runs
 * (react-hook-form holds the values, the resolver only reads them). Offline, the form is not sent:
 * the network message shows (once until a download succeeds) and the next submit downloads again.
 */
export function lazyZodResolver<Input extends FieldValues, Output>(
  load: () => Promise<$ZodType<Output, Input>>,
): LazyZodResolver<Input, Output> {
  const resolver = loadOnce(
    async () => zodResolver(await load()) as Resolver<Input, unknown, Output>,
  );
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
