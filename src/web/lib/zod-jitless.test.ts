import { describe, expect, it, vi } from "vitest";

describe("zod-jitless", () => {
  it("makes zod parse without `new Function`, though it does not import zod", async () => {
    const compiled = vi.fn();
    const RealFunction = Function;
    // What a strict CSP refuses: any code built from a string.
    vi.stubGlobal(
      "Function",
      new Proxy(RealFunction, {
        construct(target, args) {
          compiled(args);
          return Reflect.construct(target, args);
        },
        apply(target, self, args) {
          compiled(args);
          return Reflect.apply(target, self, args);
        },
      }),
    );
    // zod's configuration lives on globalThis, which outlives a file in the shared worker: another
    // file may have set it already.
    delete globalThis.__zod_globalConfig?.jitless;
    await import("./zod-jitless");
    const { config } = await import("zod/v4/core");
    const { loginSchema } = await import("../../domain/schemas/auth.schema");

    expect(config().jitless).toBe(true);
    expect(loginSchema.safeParse({ email: "awa@mail.ci", password: "x" }).success).toBe(true);
    expect(loginSchema.safeParse({ email: "", password: "" }).success).toBe(false);
    expect(compiled).not.toHaveBeenCalled();
  });
});
