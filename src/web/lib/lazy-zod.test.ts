import { describe, expect, it, vi } from "vitest";
import { loanNoteSchema } from "../../domain/schemas/loan-request.schema";
import { networkErrorMessage } from "./api-client";
import { lazySchema } from "./lazy-zod";

describe("lazySchema", () => {
  it("gives the schema, loaded once, and its safeParse", async () => {
    const load = vi.fn(() => Promise.resolve(loanNoteSchema));
    const schema = lazySchema(load);
    const [first, second] = await Promise.all([schema(), schema()]);
    expect(first).toBe(loanNoteSchema);
    expect(second).toBe(loanNoteSchema);
    await expect(schema.safeParse({ note: "  Merci  " })).resolves.toEqual({
      success: true,
      data: { note: "Merci" },
    });
    const blank = await schema.safeParse({ note: " " });
    expect(blank.success || blank.error.issues).toMatchObject([
      { path: ["note"], message: "Veuillez entrer une note" },
    ]);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it("offline, gives one issue with the network message; each call downloads again", async () => {
    const offline = () =>
      Promise.reject(new TypeError("Failed to fetch dynamically imported module"));
    const load = vi
      .fn<() => Promise<typeof loanNoteSchema>>()
      .mockImplementationOnce(offline)
      .mockImplementationOnce(offline)
      .mockResolvedValue(loanNoteSchema);
    const schema = lazySchema(load);

    schema.preload(); // a failed preload stays silent
    await new Promise((settled) => setTimeout(settled, 0));
    await expect(schema.safeParse({ note: "" })).resolves.toEqual({
      success: false,
      error: { issues: [{ path: [], message: networkErrorMessage }] },
    });
    await expect(schema.safeParse({ note: "Bonjour" })).resolves.toMatchObject({ success: true });
    expect(load).toHaveBeenCalledTimes(3);
  });
});
