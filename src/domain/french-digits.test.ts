import { describe, expect, it } from "vitest";
import { firmTimeZone, formatDate, formatDateTime, formatMonth } from "./format-date";
import { formatFcfa, formatNumber } from "./format-fcfa";
import { formatFileSize } from "./format-file-size";
import { formatRate } from "./format-rate";
import { formatFrenchNumber } from "./french-digits";

// The hand-written French formats (french-digits.ts, format-date.ts) against Intl itself, the
// reference they replace in the browser, on values of every size and on edge cases.

/** A reproducible stream of numbers in [0, 1) (mulberry32). */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const next = random(20261127);
const magnitudes = Array.from({ length: 2000 }, () => {
  const value = next() * 10 ** Math.floor(next() * 13);
  return next() < 0.2 ? -value : value;
});
const edges = [0, -0, 0.5, 1.5, 2.5, -0.5, 0.05, 0.15, 0.25, 999.5, 999.95, 1000, 9999.99, 1e15];

describe("formatFrenchNumber, as Intl.NumberFormat('fr-FR') writes it", () => {
  for (const [name, options, intl] of [
    ["entiers", {}, { maximumFractionDigits: 0 }],
    [
      "une décimale",
      { minFraction: 1, maxFraction: 1 },
      { minimumFractionDigits: 1, maximumFractionDigits: 1 },
    ],
    ["jusqu'à deux décimales", { maxFraction: 2 }, { maximumFractionDigits: 2 }],
  ] as const) {
    it(name, () => {
      const reference = new Intl.NumberFormat("fr-FR", intl);
      for (const value of [...edges, ...magnitudes]) {
        expect(formatFrenchNumber(value, options), String(value)).toBe(reference.format(value));
      }
    });
  }

  it("bigint", () => {
    const reference = new Intl.NumberFormat("fr-FR");
    for (const value of [0n, 7n, 1000n, -1234567n, 12345678901234567890n]) {
      expect(formatFrenchNumber(value)).toBe(reference.format(value));
    }
  });

  it("the formats built on it", () => {
    const integer = new Intl.NumberFormat("fr-FR", { maximumFractionDigits: 0 });
    const one = new Intl.NumberFormat("fr-FR", {
      minimumFractionDigits: 1,
      maximumFractionDigits: 1,
    });
    const two = new Intl.NumberFormat("fr-FR", { maximumFractionDigits: 2 });
    for (const value of magnitudes.map(Math.abs)) {
      expect(formatNumber(value)).toBe(integer.format(value));
      expect(formatFcfa(value)).toBe(`${integer.format(value)}\u00a0FCFA`);
      expect(formatRate(value / 1e6)).toBe(`${two.format(value / 1e6)}\u202f%`);
      const bytes = Math.round(value) % (200 * 1024 * 1024);
      if (bytes >= 1024 && bytes < 1024 * 1024) {
        expect(formatFileSize(bytes)).toBe(`${one.format(bytes / 1024)}\u00a0Ko`);
      }
    }
  });
});

describe("formatDate, formatDateTime and formatMonth, as Intl.DateTimeFormat('fr-FR') writes them", () => {
  const date = new Intl.DateTimeFormat("fr-FR", { dateStyle: "long", timeZone: firmTimeZone });
  const dateTime = new Intl.DateTimeFormat("fr-FR", {
    dateStyle: "long",
    timeStyle: "short",
    timeZone: firmTimeZone,
  });
  const month = new Intl.DateTimeFormat("fr-FR", {
    month: "long",
    year: "numeric",
    timeZone: firmTimeZone,
  });

  it("on instants from 1970 to 2100, and on each month's edges", () => {
    const instants = Array.from({ length: 3000 }, () => Math.floor(next() * 4_102_444_800_000));
    for (let month = 0; month < 12; month++) {
      instants.push(Date.UTC(2026, month, 1, 0, 0), Date.UTC(2026, month + 1, 0, 23, 59, 59));
    }
    for (const instant of instants) {
      expect(formatDate(instant)).toBe(date.format(instant));
      expect(formatDateTime(new Date(instant))).toBe(dateTime.format(instant));
      expect(formatDate(new Date(instant).toISOString())).toBe(date.format(instant));
      expect(formatMonth(instant)).toBe(month.format(instant));
    }
  });

  it("refuses an invalid date, as Intl does", () => {
    expect(() => formatDate("pas une date")).toThrow(RangeError);
  });
});
