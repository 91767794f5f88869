import { describe, expect, it } from "vitest";
import { askedLines, loanStatusMail } from "./admin-loans.mail";

describe("the client's e-mail of a request for more information", () => {
  const base = {
    loanId: 42,
    loanType: "business" as const,
    firstName: "Awa",
    status: "info_requested" as const,
    baseUrl: "https://prets.exemple.ci",
  };

  it("lists each document to replace with its reason and comment, each to add, and the question", () => {
    const mail = loanStatusMail({
      ...base,
      asked: {
        question: "Depuis quand êtes-vous commerçante ?",
        items: [
          {
            kind: "replace",
            category: "banque",
            documentName: "releve-mars.pdf",
            reason: "incomplet",
            comment: "Il manque la page 2",
          },
          {
            kind: "add",
            category: "professionnel",
            documentName: null,
            reason: null,
            comment: null,
          },
        ],
      },
    });
    expect(mail.subject).toBe(
      "Votre demande de prêt #00042 : des éléments complémentaires sont nécessaires",
    );
    expect(mail.text).toContain(
      [
        "Ce qui vous est demandé :",
        "- Document à remplacer : Relevés bancaires « releve-mars.pdf » (incomplet). Commentaire : Il manque la page 2",
        "- Document à ajouter : Document professionnel.",
        "- Question de votre conseiller : Depuis quand êtes-vous commerçante ?",
      ].join("\n"),
    );
    expect(mail.text).toContain("Voir ma demande : https://prets.exemple.ci/client/prets/42");
    // The HTML part says the same, escaped.
    expect(mail.html).toContain("« releve-mars.pdf »");
    expect(mail.html).toContain("Depuis quand êtes-vous commerçante ?");
  });

  it("escapes what the officer typed in the HTML part", () => {
    const mail = loanStatusMail({ ...base, asked: { question: "<b>Salaire</b> ?", items: [] } });
    expect(mail.html).toContain("&lt;b&gt;Salaire&lt;/b&gt; ?");
    expect(mail.html).not.toContain("<b>Salaire</b>");
  });

  it("reads a question alone as one line", () => {
    expect(askedLines({ question: "Votre employeur ?", items: [] })).toEqual([
      "- Question de votre conseiller : Votre employeur ?",
    ]);
  });
});
