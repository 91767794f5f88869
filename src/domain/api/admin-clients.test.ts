import { describe, expect, it } from "vitest";
import { personInitials, personName, phoneSearchDigits, postalAddress } from "./admin-clients";
import { monthKeys } from "./admin-stats";

describe("phoneSearchDigits", () => {
  it("keeps the digits of a term written as a phone number", () => {
    expect(phoneSearchDigits("+225 07 08 09 10 11")).toBe("2250708091011");
    expect(phoneSearchDigits("07.08.09")).toBe("070809");
    expect(phoneSearchDigits("(228) 90-00")).toBe("2289000");
    expect(phoneSearchDigits("123")).toBe("123");
  });

  it("leaves names, e-mails and short numbers to the name search", () => {
    expect(phoneSearchDigits("12")).toBeNull();
    expect(phoneSearchDigits("+ 1 2")).toBeNull();
    expect(phoneSearchDigits("awa 0708")).toBeNull();
    expect(phoneSearchDigits("client1234@exemple.ci")).toBeNull();
    expect(phoneSearchDigits("")).toBeNull();
  });
});

describe("personInitials and personName", () => {
  it("take the names' first letters, upper case", () => {
    expect(personInitials({ firstName: "Aïcha", lastName: "ouédraogo" })).toBe("AO");
    expect(personInitials({ firstName: "Éloïse", lastName: "" })).toBe("É");
    expect(personInitials({ firstName: " ", lastName: " ", email: "kofi@exemple.tg" })).toBe("K");
    expect(personInitials({ firstName: "", lastName: "" })).toBe("?");
  });

  it("name a person by first and last name, else by e-mail", () => {
    expect(personName({ firstName: "Awa", lastName: "Koné", email: "a@b.ci" })).toBe("Awa Koné");
    expect(personName({ firstName: "", lastName: "", email: "a@b.ci" })).toBe("a@b.ci");
  });
});

describe("monthKeys", () => {
  it("gives the twelve months ending with the current one, oldest first", () => {
    expect(monthKeys(new Date("2026-11-22T07:00:00Z"))).toEqual([
      "2025-12",
      "2026-01",
      "2026-02",
      "2026-03",
      "2026-04",
      "2026-05",
      "2026-06",
      "2026-07",
      "2026-08",
      "2026-09",
      "2026-10",
      "2026-11",
    ]);
  });

  it("reads the month in Abidjan (UTC): the last minute of a month is still that month", () => {
    expect(monthKeys(new Date("2026-01-31T23:59:59Z"), 2)).toEqual(["2025-12", "2026-01"]);
    expect(monthKeys(new Date("2026-03-01T00:00:00Z"), 1)).toEqual(["2026-03"]);
  });
});

describe("postalAddress", () => {
  it("joins street, postal code and city, and country", () => {
    expect(
      postalAddress({
        address: "12 rue des Jardins",
        postalCode: "01 BP 1234",
        city: "Abidjan",
        country: "Côte d'Ivoire",
      }),
    ).toBe("12 rue des Jardins, 01 BP 1234 Abidjan, Côte d'Ivoire");
    expect(postalAddress({ address: null, city: "Dakar", country: null })).toBe("Dakar");
  });

  it("is empty for a country alone: a closed account's page says no address (issue 29, 11)", () => {
    expect(
      postalAddress({ address: null, postalCode: null, city: null, country: "Côte d'Ivoire" }),
    ).toBe("");
    expect(postalAddress({ address: "  ", city: "", country: "Sénégal" })).toBe("");
  });
});
