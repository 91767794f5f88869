import { describe, expect, test } from "vitest";
import { formatRelativeDay } from "./format-relative-day";

describe("formatRelativeDay", () => {
  const now = new Date("2026-11-26T09:30:00Z");

  test("counts calendar days, not periods of 24 hours", () => {
    expect(formatRelativeDay("2026-11-26T00:05:00Z", now)).toBe("aujourd’hui");
    expect(formatRelativeDay("2026-11-25T23:55:00Z", now)).toBe("hier");
    expect(formatRelativeDay("2026-11-14T10:00:00Z", now)).toBe("il y a 12 jours");
  });

  test("says today for a time a little ahead of this clock", () => {
    expect(formatRelativeDay("2026-11-27T01:00:00Z", now)).toBe("aujourd’hui");
  });
});

describe("formatRelativeDay, as Intl.RelativeTimeFormat('fr-FR', numeric auto) writes it", () => {
  test("from today to years ago, at any hour", () => {
    const relative = new Intl.RelativeTimeFormat("fr-FR", { numeric: "auto" });
    const now = new Date("2026-11-26T09:30:00Z");
    for (const days of [0, 1, 2, 3, 4, 10, 31, 365, 999, 1000, 4000]) {
      for (const hour of [0, 9, 23]) {
        const at = new Date(Date.UTC(2026, 10, 26 - days, hour, 15));
        expect(formatRelativeDay(at, now)).toBe(relative.format(-days, "day"));
      }
    }
  });
});
