import { describe, expect, it } from "vitest";
import { complementReceivedMail } from "./complement.mail";

const base = {
  loanId: 42,
  loanType: "business" as const,
  officerFirstName: "Fatou",
  clientName: "Awa Koné",
  baseUrl: "https://pret.example.ci",
};

describe("complementReceivedMail: the officer's e-mail when a client sends the complements", () => {
  it("elides « de » before the client's name (issue 29, 11: « reçus d'Aïssatou »)", () => {
    const mail = complementReceivedMail({
      ...base,
      clientName: "Aïssatou Traoré",
      items: [],
      question: null,
      answer: null,
    });
    expect(mail.subject).toBe("Demande de prêt #00042 : compléments reçus d'Aïssatou Traoré");
    const consonant = complementReceivedMail({
      ...base,
      clientName: "Fatou Diop",
      items: [],
      question: null,
      answer: null,
    });
    expect(consonant.subject).toContain("reçus de Fatou Diop");
  });

  it("names the request, the client, each document sent, the answer and the link", () => {
    const mail = complementReceivedMail({
      ...base,
      items: [
        { category: "identite", fileName: "cni-nette.jpg", replacedFileName: "cni-floue.jpg" },
        { category: "domicile", fileName: "facture-cie.pdf", replacedFileName: null },
      ],
      question: "Depuis quand êtes-vous salariée ?",
      answer: "Depuis mars 2019",
    });
    expect(mail.subject).toBe("Demande de prêt #00042 : compléments reçus d'Awa Koné");
    expect(mail.text).toBe(
      [
        "Bonjour Fatou,",
        "",
        "Awa Koné a envoyé les compléments demandés pour la demande de prêt entreprise #00042. La demande repasse « En cours » : son examen peut reprendre.",
        "",
        "Documents envoyés :",
        "• Pièce d'identité : cni-nette.jpg (remplace cni-floue.jpg)",
        "• Justificatif de domicile : facture-cie.pdf (ajouté)",
        "",
        "Votre question : Depuis quand êtes-vous salariée ?",
        "",
        "Réponse du client : Depuis mars 2019",
        "",
        "Ouvrir la demande : https://pret.example.ci/admin/prets/42",
        "",
        "",
      ].join("\n") + mail.text.slice(mail.text.indexOf("—")),
    );
    expect(mail.html).toContain('href="https://pret.example.ci/admin/prets/42"');
    expect(mail.html).toContain("cni-nette.jpg (remplace cni-floue.jpg)");
  });

  it("leaves out the question when none was asked, and escapes what the client typed", () => {
    const mail = complementReceivedMail({
      ...base,
      officerFirstName: null,
      clientName: "Awa <b>Koné</b>",
      items: [{ category: "revenu", fileName: "salaire.pdf", replacedFileName: "vieux.pdf" }],
      question: null,
      answer: null,
    });
    expect(mail.text.startsWith("Bonjour,\n")).toBe(true);
    expect(mail.text).not.toContain("Réponse du client");
    expect(mail.text).toContain("• Justificatif de revenu : salaire.pdf (remplace vieux.pdf)");
    expect(mail.html).toContain("Awa &lt;b&gt;Koné&lt;/b&gt;");
    expect(mail.html).not.toContain("<b>Koné</b>");
  });
});
