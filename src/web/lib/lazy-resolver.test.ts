import { zodResolver } from "@hookform/resolvers/zod";
import type { ResolverOptions } from "react-hook-form";
import { describe, expect, it, vi } from "vitest";
import type { $ZodType } from "zod/v4/core";
import { loginSchema, registerFormSchema } from "../../domain/schemas/auth.schema";
import { loanStep1Schema } from "../../domain/schemas/loan-request.schema";
import { toast } from "../components/toast";
import { networkErrorMessage } from "./api-client";
import { lazyZodResolver } from "./lazy-resolver";

/** What react-hook-form passes to a resolver for these fields. */
const options = (names: string[]) =>
  ({ fields: {}, names, shouldUseNativeValidation: false }) as ResolverOptions<never> as never;

describe("lazyZodResolver", () => {
  it("gives zodResolver's values and errors, messages included", async () => {
    const cases = [
      [loginSchema, { email: " Awa@Mail.CI ", password: "x", rememberMe: false }],
      [loginSchema, { email: "awa at mail", password: "" }],
      [
        registerFormSchema,
        { fullName: "Awa", email: "a@b.ci", password: "Baobab-42", confirmPassword: "Baobab-43" },
      ],
      [registerFormSchema, { fullName: "", email: "", password: "", confirmPassword: "" }],
      [loanStep1Schema, { amount: "abc", durationMonths: "12.5", purpose: " " }],
    ] as [$ZodType<unknown, Record<string, unknown>>, Record<string, unknown>][];
    for (const [schema, values] of cases) {
      const names = Object.keys(values);
      const lazy = lazyZodResolver(() => Promise.resolve(schema));
      const expected = await zodResolver(schema)(values, undefined, options(names));
      const actual = await lazy(values, undefined, options(names));
      expect(actual).toEqual(expected);
    }
  });

  it("maps the French messages to their fields, the refinement's to the confirmation", async () => {
    const resolve = lazyZodResolver(() => Promise.resolve(registerFormSchema));
    const fields = ["fullName", "email", "password", "confirmPassword"];
    const result = await resolve(
      { fullName: "Awa", email: "awa@mail.ci", password: "Baobab-42", confirmPassword: "x" },
      undefined,
      options(fields),
    );
    expect(result.values).toEqual({});
    expect(result.errors).toEqual({
      confirmPassword: expect.objectContaining({
        message: "Les mots de passe ne correspondent pas",
      }),
    });

    const valid = await resolve(
      {
        fullName: " Awa ",
        email: "Awa@Mail.ci",
        password: "Baobab-42",
        confirmPassword: "Baobab-42",
      },
      undefined,
      options(fields),
    );
    expect(valid).toEqual({
      values: {
        fullName: "Awa",
        email: "awa@mail.ci",
        password: "Baobab-42",
        confirmPassword: "Baobab-42",
      },
      errors: {},
    });
  });

  it("loads the schema once, however many checks and preloads come, even at once", async () => {
    const load = vi.fn(() => Promise.resolve(loginSchema));
    const resolve = lazyZodResolver(load);
    expect(load).not.toHaveBeenCalled();

    resolve.preloadProps.onFocus();
    resolve.preload();
    const values = { email: "awa@mail.ci", password: "x", rememberMe: true };
    await Promise.all([
      resolve(values, undefined, options(["email"])),
      resolve(values, undefined, options(["password"])),
    ]);
    await resolve(values, undefined, options(["email", "password"]));
    expect(load).toHaveBeenCalledTimes(1);
  });

  it("starts the download on the form's first focus, input or tap, before any check", () => {
    for (const event of ["onFocus", "onInput", "onPointerDown"] as const) {
      const load = vi.fn(() => Promise.resolve(loginSchema));
      lazyZodResolver(load).preloadProps[event]();
      expect(load).toHaveBeenCalledTimes(1);
    }
  });

  it("offline, keeps the form from being sent and says so once", async () => {
    const load = vi.fn(() => Promise.reject(new TypeError("offline")));
    const resolve = lazyZodResolver(load);
    const shown = vi.spyOn(toast, "error");

    for (let attempt = 0; attempt < 3; attempt++) {
      await expect(resolve({ email: "" }, undefined, options(["email"]))).resolves.toEqual({
        values: {},
        errors: { root: { type: "network", message: networkErrorMessage } },
      });
    }
    expect(load).toHaveBeenCalledTimes(3);
    expect(shown).toHaveBeenCalledTimes(1);
    expect(shown).toHaveBeenCalledWith(networkErrorMessage);
  });
});
