import { describe, expect, it } from "vitest";
import { formatAge, formatHours, isOverdue, overdueBefore } from "./decision-promise";

const now = new Date("2026-11-22T12:00:00Z");
const hoursAgo = (hours: number) => new Date(now.getTime() - hours * 3_600_000).toISOString();

describe("the 48 h promise", () => {
  it("flags an undecided request only past 48 h", () => {
    expect(isOverdue({ status: "pending", createdAt: hoursAgo(47.99) }, now)).toBe(false);
    expect(isOverdue({ status: "pending", createdAt: hoursAgo(48) }, now)).toBe(false);
    expect(isOverdue({ status: "pending", createdAt: hoursAgo(48.01) }, now)).toBe(true);
    expect(isOverdue({ status: "in_review", createdAt: hoursAgo(72) }, now)).toBe(true);
    expect(isOverdue({ status: "info_requested", createdAt: hoursAgo(72) }, now)).toBe(true);
  });

  it("never flags a decided request", () => {
    for (const status of ["approved", "rejected", "completed"] as const) {
      expect(isOverdue({ status, createdAt: hoursAgo(500) }, now)).toBe(false);
    }
  });

  it("gives the boundary the filter uses", () => {
    expect(overdueBefore(now).toISOString()).toBe(hoursAgo(48));
  });

  it("writes ages coarsely", () => {
    expect(formatAge(hoursAgo(0.5), now)).toBe("30 min");
    expect(formatAge(hoursAgo(5), now)).toBe("5 h");
    expect(formatAge(hoursAgo(52), now)).toBe("2 j 4 h");
    expect(formatAge(hoursAgo(72), now)).toBe("3 j");
    expect(formatAge(hoursAgo(24 * 12 + 5), now)).toBe("12 j");
    expect(formatAge(hoursAgo(-1), now)).toBe("0 min");
  });

  it("writes durations in hours and days", () => {
    expect(formatHours(null)).toBe("—");
    expect(formatHours(18.4)).toBe("18 h");
    expect(formatHours(51)).toBe("2 j 3 h");
    expect(formatHours(48)).toBe("2 j");
  });
});
