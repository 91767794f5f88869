import { describe, expect, it } from "vitest";
import { areaHome, destinationAfterSignIn, displayName } from "./user";

describe("where a signed-in user goes", () => {
  it("sends an admin to /admin and anyone else to /client", () => {
    expect(areaHome({ role: "admin" })).toBe("/admin");
    expect(areaHome({ role: "client" })).toBe("/client");
  });

  it("returns to a deep link only inside the user's own area", () => {
    expect(destinationAfterSignIn({ role: "client" }, "/client/prets/12?x=1")).toBe(
      "/client/prets/12?x=1",
    );
    expect(destinationAfterSignIn({ role: "client" }, "/admin/prets")).toBe("/client");
    expect(destinationAfterSignIn({ role: "admin" }, "/client")).toBe("/admin");
    expect(destinationAfterSignIn({ role: "client" }, "//evil.example/client")).toBe("/client");
    expect(destinationAfterSignIn({ role: "client" }, "/clientele")).toBe("/client");
    expect(destinationAfterSignIn({ role: "client" }, undefined)).toBe("/client");
  });

  it("greets by first name, else by e-mail", () => {
    expect(displayName({ firstName: "Awa", email: "awa@exemple.ci" })).toBe("Awa");
    expect(displayName({ firstName: " ", email: "awa@exemple.ci" })).toBe("awa@exemple.ci");
  });
});
