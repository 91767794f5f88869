import { describe, expect, it } from "vitest";
import { formatRate } from "./format-rate";

describe("formatRate", () => {
  it("writes a rate given in percent the French way", () => {
    expect(formatRate(12.5)).toBe("12,5\u202f%");
    expect(formatRate(8)).toBe("8\u202f%");
    expect(formatRate(9.75)).toBe("9,75\u202f%");
  });
});
