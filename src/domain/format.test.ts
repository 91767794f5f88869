import { describe, expect, it } from "vitest";
import { formatDate, formatDateTime } from "./format-date";
import { formatFcfa, formatNumber } from "./format-fcfa";
import { formatFileSize } from "./format-file-size";
import { formatLoanId } from "./format-loan-id";

const narrow = "\u202f"; // thousands separator of the French locale
const nbsp = "\u00a0"; // before the unit

describe("formatFcfa", () => {
  it("groups thousands with narrow no-break spaces and keeps the unit attached", () => {
    expect(formatFcfa(2_500_000_000)).toBe(`2${narrow}500${narrow}000${narrow}000${nbsp}FCFA`);
  });

  it("shows no decimals, rounding to the franc", () => {
    expect(formatFcfa(88_848.79)).toBe(`88${narrow}849${nbsp}FCFA`);
    expect(formatFcfa(0)).toBe(`0${nbsp}FCFA`);
  });

  it("accepts bigint amounts and numeric strings from the database", () => {
    expect(formatFcfa(5_000_000n)).toBe(`5${narrow}000${narrow}000${nbsp}FCFA`);
    expect(formatFcfa("1250000")).toBe(`1${narrow}250${narrow}000${nbsp}FCFA`);
  });

  it("formats plain numbers the French way", () => {
    expect(formatNumber(1200)).toBe(`1${narrow}200`);
  });
});

describe("formatDate", () => {
  it("writes the French long date in the Abidjan time zone", () => {
    expect(formatDate(new Date("2026-11-21T10:00:00Z"))).toBe("21 novembre 2026");
    expect(formatDate("2026-01-01T23:59:00Z")).toBe("1 janvier 2026");
  });

  it("adds the time when asked", () => {
    expect(formatDateTime("2026-11-21T14:05:00Z")).toBe("21 novembre 2026 à 14:05");
  });
});

describe("formatFileSize", () => {
  it("uses octets under 1024", () => {
    expect(formatFileSize(0)).toBe(`0${nbsp}octets`);
    expect(formatFileSize(1023)).toBe(`1023${nbsp}octets`);
  });

  it("uses Ko with one decimal under 1 MiB", () => {
    expect(formatFileSize(1024)).toBe(`1,0${nbsp}Ko`);
    expect(formatFileSize(1536)).toBe(`1,5${nbsp}Ko`);
    expect(formatFileSize(1024 * 1024 - 1)).toBe(`1${narrow}024,0${nbsp}Ko`);
  });

  it("uses Mo with one decimal from 1 MiB", () => {
    expect(formatFileSize(1024 * 1024)).toBe(`1,0${nbsp}Mo`);
    expect(formatFileSize(10 * 1024 * 1024)).toBe(`10,0${nbsp}Mo`);
  });
});

describe("formatLoanId", () => {
  it("pads to five digits", () => {
    expect(formatLoanId(42)).toBe("#00042");
    expect(formatLoanId(123456)).toBe("#123456");
  });
});
