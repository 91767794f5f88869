import { describe, expect, it } from "vitest";
import { isNavItemActive } from "./nav-active";

describe("isNavItemActive", () => {
  it("marks the section root active only on equality", () => {
    expect(isNavItemActive("/client", "/client", "/client")).toBe(true);
    expect(isNavItemActive("/client/", "/client", "/client")).toBe(true);
    expect(isNavItemActive("/client/profil", "/client", "/client")).toBe(false);
  });

  it("marks an item active on its path and its sub-pages", () => {
    expect(isNavItemActive("/admin/prets", "/admin/prets", "/admin")).toBe(true);
    expect(isNavItemActive("/admin/prets/42", "/admin/prets", "/admin")).toBe(true);
  });

  it("does not confuse a path with a longer sibling", () => {
    expect(isNavItemActive("/client/documents-archives", "/client/documents", "/client")).toBe(
      false,
    );
  });
});
