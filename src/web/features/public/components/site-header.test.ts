import { describe, expect, it } from "vitest";
import { isCurrentPage } from "./site-header";

describe("isCurrentPage", () => {
  it("matches the exact path, with or without a trailing slash", () => {
    expect(isCurrentPage("/a-propos", "/a-propos")).toBe(true);
    expect(isCurrentPage("/a-propos/", "/a-propos")).toBe(true);
    expect(isCurrentPage("/", "/")).toBe(true);
  });

  it("does not make the home link current everywhere", () => {
    expect(isCurrentPage("/contact", "/")).toBe(false);
    expect(isCurrentPage("/auth/login", "/")).toBe(false);
    expect(isCurrentPage("/services/plus", "/services")).toBe(false);
  });
});
