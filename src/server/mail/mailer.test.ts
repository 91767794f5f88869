import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { createMailer, extractLinks, slug } from "./mailer";
import { passwordResetMail, renderMail } from "./templates";

describe("outbox mailer (no SMTP_URL)", () => {
  test("writes an .eml per mail and logs its links", async () => {
    const dir = mkdtempSync(join(tmpdir(), "pret-outbox-"));
    const logs: Array<{ data: Record<string, unknown>; message: string }> = [];
    const logger = {
      info: (data: Record<string, unknown>, message: string) => logs.push({ data, message }),
      error: () => {},
    };
    try {
      const mailer = createMailer({
        from: "Horizon Crédit Afrique <no-reply@horizoncredit.africa>",
        logger: logger as never,
        outboxDir: join(dir, "outbox"),
      });
      const mail = passwordResetMail({
        firstName: "Awa",
        url: "http://localhost:3000/reset-password?token=abc123",
      });
      await mailer.send({ to: "awa@exemple.ci", ...mail });
      const files = readdirSync(join(dir, "outbox"));
      expect(files).toHaveLength(1);
      expect(files[0]).toMatch(
        /^\d{4}-\d{2}-\d{2}T[\d-]+Z-[0-9a-f]{6}-reinitialisation-de-votre-mot-de-passe\.eml$/,
      );
      const eml = readFileSync(join(dir, "outbox", files[0] ?? ""), "utf8");
      expect(eml).toContain("To: awa@exemple.ci");
      expect(eml).toContain("From: =?UTF-8?Q?Horizon_Cr=C3=A9dit_Afrique?=");
      expect(eml).toContain("Content-Type: text/plain; charset=utf-8");
      expect(eml).toContain("Content-Type: text/html; charset=utf-8");
      expect(logs[0]?.data.links).toEqual(["http://localhost:3000/reset-password?token=abc123"]);
      expect(logs[0]?.data.to).toBe("awa@exemple.ci");
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("templates", () => {
  test("French text and HTML, with the visitor's words escaped", () => {
    const mail = renderMail({
      subject: "Essai",
      greeting: "Bonjour <b>Awa</b>,",
      paragraphs: ['Un "message" <script>alert(1)</script>'],
      action: { label: "Ouvrir", url: "https://prets.example.com/a?b=1&c=2" },
    });
    expect(mail.text).toContain("Bonjour <b>Awa</b>,");
    expect(mail.text).toContain("Ouvrir : https://prets.example.com/a?b=1&c=2");
    expect(mail.html).toContain("Bonjour &lt;b&gt;Awa&lt;/b&gt;,");
    expect(mail.html).not.toContain("<script>");
    expect(mail.html).toContain('href="https://prets.example.com/a?b=1&amp;c=2"');
    expect(mail.html).toContain('<html lang="fr">');
  });

  test("password reset mail", () => {
    const mail = passwordResetMail({ firstName: null, url: "http://x/reset-password?token=t" });
    expect(mail.subject).toBe("Réinitialisation de votre mot de passe");
    expect(mail.text).toMatch(/^Bonjour,/);
    expect(mail.text).toContain("valable une heure");
    expect(mail.text).toContain("http://x/reset-password?token=t");
  });

  test("helpers", () => {
    expect(slug("Réinitialisation : Prêt n°42 !")).toBe("reinitialisation-pret-n-42");
    expect(slug("!!!")).toBe("courriel");
    expect(extractLinks("voir https://a.b/c?d=1 et http://x.y/z.")).toEqual([
      "https://a.b/c?d=1",
      "http://x.y/z.",
    ]);
  });
});
