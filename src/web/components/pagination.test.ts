import { describe, expect, it } from "vitest";
import { pageList, readPageParam, withPageParam } from "./pagination";

describe("pageList", () => {
  it("shows nothing without pages, and one page alone", () => {
    expect(pageList(1, 0)).toEqual([]);
    expect(pageList(1, 1)).toEqual([1]);
  });

  it("shows every page when there is no gap", () => {
    expect(pageList(1, 2)).toEqual([1, 2]);
    expect(pageList(2, 3)).toEqual([1, 2, 3]);
    expect(pageList(2, 4)).toEqual([1, 2, 3, 4]);
    expect(pageList(3, 5)).toEqual([1, 2, 3, 4, 5]);
  });

  it("puts an ellipsis between the first pages and the last one", () => {
    expect(pageList(1, 10)).toEqual([1, 2, "ellipsis", 10]);
    expect(pageList(2, 10)).toEqual([1, 2, 3, "ellipsis", 10]);
    expect(pageList(3, 10)).toEqual([1, 2, 3, 4, "ellipsis", 10]);
  });

  it("puts an ellipsis on each side of the current page in the middle", () => {
    expect(pageList(5, 10)).toEqual([1, "ellipsis", 4, 5, 6, "ellipsis", 10]);
  });

  it("keeps the spec's rule even when the gap is one page", () => {
    expect(pageList(4, 10)).toEqual([1, "ellipsis", 3, 4, 5, "ellipsis", 10]);
    expect(pageList(3, 6)).toEqual([1, 2, 3, 4, "ellipsis", 6]);
  });

  it("puts an ellipsis between the first page and the last pages", () => {
    expect(pageList(10, 10)).toEqual([1, "ellipsis", 9, 10]);
    expect(pageList(9, 10)).toEqual([1, "ellipsis", 8, 9, 10]);
    expect(pageList(8, 10)).toEqual([1, "ellipsis", 7, 8, 9, 10]);
  });

  it("clamps a current page outside the range", () => {
    expect(pageList(0, 5)).toEqual([1, 2, "ellipsis", 5]);
    expect(pageList(99, 5)).toEqual([1, "ellipsis", 4, 5]);
  });
});

describe("readPageParam", () => {
  it("reads a whole number from 1", () => {
    expect(readPageParam("3")).toBe(3);
    expect(readPageParam("1")).toBe(1);
  });

  it("falls back to the first page on anything else", () => {
    for (const value of [null, "", "0", "-2", "2.5", "abc", "1e3", "99999999"]) {
      expect(readPageParam(value)).toBe(1);
    }
  });
});

describe("withPageParam", () => {
  it("sets the page and keeps the other parameters", () => {
    expect(withPageParam("/client/prets", new URLSearchParams("a=b"), 3)).toBe(
      "/client/prets?a=b&page=3",
    );
  });

  it("leaves the first page out of the URL", () => {
    expect(withPageParam("/client/prets", new URLSearchParams("page=4"), 1)).toBe("/client/prets");
  });
});
