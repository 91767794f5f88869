import { describe, expect, it } from "vitest";
import type { UserJson } from "../../../../domain/api/users";
import type { OfficeId } from "../../../../domain/firm";
import { assignOptions, officeGroupLabel } from "./assign-options";

function officer(id: string, lastName: string, office: OfficeId | null): UserJson {
  return {
    id,
    email: `${id}@horizoncredit.africa`,
    firstName: "Agent",
    lastName,
    phone: null,
    address: null,
    city: null,
    country: null,
    postalCode: null,
    role: "admin",
    office,
    twoFactorEnabled: true,
    createdAt: "2026-11-01T08:00:00.000Z",
  };
}

const officers = [
  officer("a", "Bamba", "abidjan"),
  officer("b", "Diop", "dakar"),
  officer("c", "Koffi", null),
  officer("d", "Ndiaye", "dakar"),
];

describe("assignOptions", () => {
  it("lists the officers of the request's office first, under its name, then the others", () => {
    const options = assignOptions(officers, "dakar");
    expect(options.map((option) => [option.value, option.group])).toEqual([
      ["b", "Agence de Dakar"],
      ["d", "Agence de Dakar"],
      ["a", "Autres administrateurs"],
      ["c", "Autres administrateurs"],
    ]);
    expect(options[0]?.label).toBe("Agent Diop (b@horizoncredit.africa)");
  });

  it("gives one ungrouped list when nobody works in that office", () => {
    const options = assignOptions(officers, "lome");
    expect(options.map((option) => option.value)).toEqual(["a", "b", "c", "d"]);
    expect(options.every((option) => option.group === undefined)).toBe(true);
  });

  it("names the offices as French does", () => {
    expect(officeGroupLabel("abidjan")).toBe("Agence d'Abidjan");
    expect(officeGroupLabel("dakar")).toBe("Agence de Dakar");
    expect(officeGroupLabel("lome")).toBe("Agence de Lomé");
  });
});
