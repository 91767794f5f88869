import { describe, expect, test } from "vitest";
import { backupCodesText, groupKey } from "./two-factor-text";

describe("the enrolment's texts", () => {
  test("the key is shown in groups of four, and gives the key back without its spaces", () => {
    expect(groupKey("JBSWY3DPEHPK3PXP")).toBe("JBSW Y3DP EHPK 3PXP");
    expect(groupKey("JBSWY3DPEHPK3PXPAB")).toBe("JBSW Y3DP EHPK 3PXP AB");
    expect(groupKey("ABC")).toBe("ABC");
    const key = "GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ";
    expect(groupKey(key).replace(/\s+/g, "")).toBe(key);
  });

  test("the backup codes' file names the firm and holds each code on a line of its own", () => {
    const codes = ["gvymD-5e1SM", "s3ALJ-Zngrl"];
    const lines = backupCodesText(codes).split("\n");
    expect(lines[0]).toBe(
      "Horizon Crédit Afrique : codes de secours de la double authentification",
    );
    expect(lines).toContain("gvymD-5e1SM");
    expect(lines).toContain("s3ALJ-Zngrl");
  });
});
