import { validateHeaderValue } from "node:http";
import { describe, expect, it } from "vitest";
import { contentDisposition } from "./content-disposition";

/** The two names a browser reads: the ASCII fallback and the UTF-8 one, decoded. */
function parse(header: string) {
  const match = /^(inline|attachment); filename="([^"]*)"; filename\*=UTF-8''([^;\s"]+)$/.exec(
    header,
  );
  if (!match) throw new Error(`unexpected header: ${header}`);
  return { disposition: match[1], ascii: match[2] ?? "", utf8: decodeURIComponent(match[3] ?? "") };
}

describe("contentDisposition", () => {
  it("gives the name in ASCII and in UTF-8 (RFC 5987), inline or as an attachment", () => {
    expect(contentDisposition("inline", "Relevé de mars.pdf", "application/pdf")).toBe(
      `inline; filename="Releve de mars.pdf"; filename*=UTF-8''Relev%C3%A9%20de%20mars.pdf`,
    );
    expect(contentDisposition("attachment", "cni.png", "image/png")).toBe(
      `attachment; filename="cni.png"; filename*=UTF-8''cni.png`,
    );
  });

  it("adds the extension of the real type when the name lacks it", () => {
    expect(parse(contentDisposition("inline", "Bulletin", "application/pdf")).utf8).toBe(
      "Bulletin.pdf",
    );
    expect(parse(contentDisposition("inline", "SCAN.PDF", "application/pdf")).utf8).toBe(
      "SCAN.PDF",
    );
    // A PNG named .pdf is served as a PNG: its name says so.
    expect(parse(contentDisposition("inline", "scan.pdf", "image/png")).utf8).toBe("scan.pdf.png");
    expect(parse(contentDisposition("inline", "photo.jpeg", "image/jpeg")).utf8).toBe("photo.jpeg");
    expect(parse(contentDisposition("inline", "photo.JPG", "image/jpeg")).utf8).toBe("photo.JPG");
    expect(parse(contentDisposition("inline", "photo", "image/jpeg")).utf8).toBe("photo.jpg");
  });

  it("names a nameless file 'document'", () => {
    for (const name of ["", "   "]) {
      expect(parse(contentDisposition("inline", name, "application/pdf"))).toEqual({
        disposition: "inline",
        ascii: "document.pdf",
        utf8: "document.pdf",
      });
    }
  });

  it("keeps quotes, semicolons, percents and backslashes out of the quoted fallback", () => {
    const name = `a"b;c%d\\e'f(g)h*i`;
    const header = contentDisposition("attachment", name, "application/pdf");
    const { ascii, utf8 } = parse(header);
    expect(ascii).toBe("a_b_c_d_e'f(g)h*i.pdf");
    expect(utf8).toBe(`a"b;c%d_e'f(g)h*i.pdf`);
    // RFC 5987 attr-chars only in the encoded name: ' ( ) * are escaped too.
    expect(header).toContain(`filename*=UTF-8''a%22b%3Bc%25d_e%27f%28g%29h%2Ai.pdf`);
  });

  it("makes path separators harmless", () => {
    const { ascii, utf8 } = parse(
      contentDisposition("attachment", "../../etc/passwd", "application/pdf"),
    );
    expect(ascii).toBe(".._.._etc_passwd.pdf");
    expect(utf8).toBe(".._.._etc_passwd.pdf");
    expect(parse(contentDisposition("inline", "..\\..\\boot.ini", "application/pdf")).utf8).toBe(
      ".._.._boot.ini.pdf",
    );
  });

  it("cannot be broken by control characters: no header injection", () => {
    const name = "releve\r\nSet-Cookie: pris=1\u0000\u0007\u001b.pdf";
    const header = contentDisposition("attachment", name, "application/pdf");
    expect(() => validateHeaderValue("content-disposition", header)).not.toThrow();
    expect(header).not.toContain("\r");
    expect(header).not.toContain("\n");
    expect(header).not.toContain("\u0000");
    const { ascii, utf8 } = parse(header);
    expect(ascii).toBe("releve__Set-Cookie: pris=1___.pdf");
    expect(utf8).toBe(name);
  });

  it("drops a right-to-left override (a name stored before uploads dropped it), and ends the name with the real extension", () => {
    const name = "facture\u202Efdp.exe";
    const { ascii, utf8 } = parse(contentDisposition("inline", name, "application/pdf"));
    expect(ascii).toBe("facturefdp.exe.pdf");
    // The served name always ends with the real type's extension.
    expect(utf8).toBe("facturefdp.exe.pdf");
    for (const control of ["\u200E", "\u200F", "\u061C", "\u202A", "\u202D", "\u2066", "\u2069"]) {
      expect(parse(contentDisposition("inline", `a${control}b.pdf`, "application/pdf")).utf8).toBe(
        "ab.pdf",
      );
    }
  });

  it("round-trips names in any script, and bounds the ASCII fallback", () => {
    for (const name of ["بطاقة الهوية.pdf", "身份证.pdf", "Relevé 🏦 N°3.pdf", "Ñandú ǅ ﬁ.pdf"]) {
      const header = contentDisposition("inline", name, "application/pdf");
      expect(() => validateHeaderValue("content-disposition", header)).not.toThrow();
      expect(parse(header).utf8).toBe(name);
      expect(parse(header).ascii).toMatch(/^[\x20-\x7e]+$/);
    }
    const long = `${"é".repeat(250)}.pdf`;
    const { ascii, utf8 } = parse(contentDisposition("inline", long, "application/pdf"));
    expect(ascii.length).toBeLessThanOrEqual(150);
    expect(utf8).toBe(long);
  });
});
