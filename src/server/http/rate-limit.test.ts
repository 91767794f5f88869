import { describe, expect, test } from "vitest";
import { AppError } from "./app-error";
import { consumeAll, createRateLimit } from "./rate-limit";

describe("createRateLimit", () => {
  test("allows `points` attempts per key, then throws the French 429 with a retry delay", async () => {
    const limit = createRateLimit({ name: "essai", points: 2, durationSeconds: 60 });
    await limit.consume("A@exemple.ci");
    await limit.consume("a@exemple.ci");
    const refused = await limit.consume("a@exemple.ci").catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(AppError);
    expect(refused).toMatchObject({
      statusCode: 429,
      code: "rate_limited",
      message: "Trop de tentatives. Veuillez réessayer dans quelques minutes.",
    });
    expect((refused as AppError).retryAfterSeconds).toBeGreaterThan(50);
    await limit.consume("b@exemple.ci");
    await limit.reset("a@exemple.ci");
    await limit.consume("a@exemple.ci");
  });

  test("disabled (RATE_LIMIT_DISABLED=true) never refuses", async () => {
    const limit = createRateLimit({ name: "off", points: 1, durationSeconds: 60, disabled: true });
    for (let i = 0; i < 5; i++) await limit.consume("x");
  });

  test("consumeAll counts every limit and refuses when one is exhausted", async () => {
    const perIp = createRateLimit({ name: "ip", points: 3, durationSeconds: 60 });
    const perEmail = createRateLimit({ name: "email", points: 1, durationSeconds: 60 });
    await consumeAll([
      [perIp, "1.2.3.4"],
      [perEmail, "a@x.ci"],
    ]);
    await expect(
      consumeAll([
        [perIp, "1.2.3.4"],
        [perEmail, "a@x.ci"],
      ]),
    ).rejects.toMatchObject({ statusCode: 429 });
    // The IP attempt was still counted.
    await perIp.consume("1.2.3.4");
    await expect(perIp.consume("1.2.3.4")).rejects.toMatchObject({ statusCode: 429 });
  });
});
