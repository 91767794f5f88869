import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { splitFullName } from "./auth";
import {
  loginSchema,
  registerFormSchema,
  registerSchema,
  resetConfirmSchema,
  resetRequestSchema,
} from "./auth.schema";
import { contactSchema } from "./contact.schema";
import { documentUploadSchema } from "./document-upload.schema";
import { loanNoteSchema, loanStep1Schema } from "./loan-request.schema";
import { adminPasswordChangeSchema, passwordChangeSchema, profileSchema } from "./profile.schema";

/** The first message zod gives for each field, as the forms and the API show them. */
function messages(schema: z.ZodType, input: unknown): Record<string, string> {
  const result = schema.safeParse(input);
  if (result.success) return {};
  const out: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const key = issue.path.join(".") || "_";
    out[key] ??= issue.message;
  }
  return out;
}

describe("contact form", () => {
  it("gives the spec's required messages", () => {
    expect(messages(contactSchema, { name: "", email: "", message: "  " })).toEqual({
      name: "Le nom est obligatoire",
      email: "Adresse e-mail obligatoire",
      message: "Le message est obligatoire",
    });
  });

  it("rejects an invalid e-mail and a bad phone", () => {
    expect(
      messages(contactSchema, { name: "Awa", email: "awa@", message: "Bonjour", phone: "12" }),
    ).toEqual({ email: "Adresse e-mail invalide", phone: "Numéro de téléphone invalide" });
  });

  it("accepts optional phone and subject, and bounds the lengths", () => {
    expect(messages(contactSchema, { name: "Awa", email: "a@b.ci", message: "Bonjour" })).toEqual(
      {},
    );
    expect(
      messages(contactSchema, { name: "Awa", email: "a@b.ci", message: "x".repeat(5001) }),
    ).toEqual({ message: "Ce champ ne doit pas dépasser 5000 caractères" });
  });
});

describe("login", () => {
  it("requires e-mail and password", () => {
    expect(messages(loginSchema, { email: "", password: "" })).toEqual({
      email: "Adresse e-mail requise",
      password: "Mot de passe requis",
    });
  });

  it("checks the e-mail pattern and normalises case", () => {
    expect(messages(loginSchema, { email: "awa at mail", password: "x" })).toEqual({
      email: "Adresse e-mail invalide",
    });
    expect(loginSchema.parse({ email: " Awa@Mail.CI ", password: "x" })).toEqual({
      email: "awa@mail.ci",
      password: "x",
      rememberMe: false,
    });
  });
});

describe("register", () => {
  it("gives the spec's messages", () => {
    expect(
      messages(registerFormSchema, { fullName: "", email: "", password: "", confirmPassword: "" }),
    ).toEqual({
      fullName: "Nom complet requis",
      email: "Adresse e-mail requise",
      password: "Mot de passe requis",
      confirmPassword: "Confirmation requise",
    });
    expect(
      messages(registerFormSchema, {
        fullName: "Awa Koné",
        email: "awa@mail.ci",
        password: "12345",
        confirmPassword: "12345",
      }),
    ).toEqual({ password: "Minimum 6 caractères" });
    expect(
      messages(registerFormSchema, {
        fullName: "Awa Koné",
        email: "awa@mail.ci",
        password: "Baobab-42",
        confirmPassword: "Baobab-43",
      }),
    ).toEqual({ confirmPassword: "Les mots de passe ne correspondent pas" });
  });

  it("validates the API body without a confirmation", () => {
    expect(messages(registerSchema, {})).toEqual({
      fullName: "Nom complet requis",
      email: "Adresse e-mail requise",
      password: "Mot de passe requis",
    });
  });

  it("splits the full name into first and last name", () => {
    expect(splitFullName("  Awa   Koné Diallo ")).toEqual({
      firstName: "Awa",
      lastName: "Koné Diallo",
    });
    expect(splitFullName("Awa")).toEqual({ firstName: "Awa", lastName: "" });
  });
});

describe("password reset", () => {
  it("asks for the e-mail", () => {
    expect(messages(resetRequestSchema, { email: "" })).toEqual({
      email: "Veuillez entrer votre adresse e-mail",
    });
  });

  it("checks the new password and its confirmation", () => {
    expect(messages(resetConfirmSchema, { token: "t", password: "", confirmPassword: "" })).toEqual(
      {
        password: "Le nouveau mot de passe est obligatoire",
        confirmPassword: "Veuillez confirmer votre mot de passe",
      },
    );
    expect(
      messages(resetConfirmSchema, { token: "t", password: "abc", confirmPassword: "abc" }),
    ).toEqual({ password: "Le mot de passe doit contenir au moins 6 caractères" });
    expect(
      messages(resetConfirmSchema, { token: "t", password: "abcdef", confirmPassword: "abcdeg" }),
    ).toEqual({ confirmPassword: "Les mots de passe ne correspondent pas" });
    expect(messages(resetConfirmSchema, { password: "abcdef", confirmPassword: "abcdef" })).toEqual(
      { token: "Lien de réinitialisation invalide ou expiré" },
    );
  });
});

describe("profile", () => {
  it("requires first and last name and checks the phone", () => {
    expect(messages(profileSchema, { firstName: " ", lastName: "", phone: "abc" })).toEqual({
      firstName: "Le prénom est obligatoire",
      lastName: "Le nom est obligatoire",
      phone: "Numéro de téléphone invalide",
    });
  });

  it.each([
    "+225 07 08 09 10 11",
    "+225 07 00 00 00 00",
    "77 123 45 67",
    "+225 0701020304",
    "(225) 07-01-02-03",
    "(+221) 33.821.45.67",
    "07.08.09.10.11",
    "+221771234567",
    "123456789012345",
  ])("accepts the phone number %s (8 to 15 digits with separators)", (phone) => {
    expect(messages(profileSchema, { firstName: "A", lastName: "K", phone })).toEqual({});
  });

  it.each([
    "1234567",
    "1234567890123456",
    "07 08 09 1x",
    "++225 07 08 09 10",
    "07 08 + 09 10 11",
    "abc",
    `+225 ${"0 ".repeat(14)}`,
  ])("refuses the phone number %s", (phone) => {
    expect(messages(profileSchema, { firstName: "A", lastName: "K", phone })).toEqual({
      phone: "Numéro de téléphone invalide",
    });
  });

  it("leaves the phone optional", () => {
    expect(messages(profileSchema, { firstName: "A", lastName: "K", phone: "" })).toEqual({});
  });

  it("gives the client screen's password messages", () => {
    expect(
      messages(passwordChangeSchema, {
        currentPassword: "",
        newPassword: "abc",
        confirmPassword: "abd",
      }),
    ).toEqual({
      currentPassword: "Mot de passe actuel requis",
      newPassword: "Le nouveau mot de passe doit contenir au moins 6 caractères",
      confirmPassword: "Les nouveaux mots de passe ne correspondent pas",
    });
    expect(
      messages(passwordChangeSchema, {
        currentPassword: "old-pass",
        newPassword: "abcdef",
        confirmPassword: "abcdeg",
      }),
    ).toEqual({ confirmPassword: "Les nouveaux mots de passe ne correspondent pas" });
  });

  it("gives the admin screen's password messages", () => {
    expect(
      messages(adminPasswordChangeSchema, {
        currentPassword: "x",
        newPassword: "",
        confirmPassword: "",
      }),
    ).toEqual({
      newPassword: "Le nouveau mot de passe est obligatoire",
      confirmPassword: "Veuillez confirmer votre mot de passe",
    });
    expect(
      messages(adminPasswordChangeSchema, {
        currentPassword: "x",
        newPassword: "abc",
        confirmPassword: "abc",
      }),
    ).toEqual({ newPassword: "Le mot de passe doit contenir au moins 6 caractères" });
    expect(
      messages(adminPasswordChangeSchema, {
        currentPassword: "x",
        newPassword: "abcdef",
        confirmPassword: "abcdeg",
      }),
    ).toEqual({ confirmPassword: "Les mots de passe ne correspondent pas" });
  });
});

describe("loan request step 1", () => {
  const valid = {
    loanType: "business",
    amount: "5000000",
    durationMonths: "36",
    purpose: "Stock",
    office: "dakar",
  };

  it("checks the fields in the spec's order with its messages", () => {
    expect(messages(loanStep1Schema, { amount: "", durationMonths: "", purpose: " " })).toEqual({
      loanType: "Veuillez sélectionner un type de prêt",
      amount: "Veuillez entrer un montant valide",
      durationMonths: "Veuillez entrer une durée valide",
      purpose: "Veuillez décrire l'objet du prêt",
      office: "Veuillez choisir une agence",
    });
    expect(Object.keys(messages(loanStep1Schema, {}))).toEqual([
      "loanType",
      "amount",
      "durationMonths",
      "purpose",
      "office",
    ]);
    expect(messages(loanStep1Schema, { ...valid, office: "bamako" })).toEqual({
      office: "Veuillez choisir une agence",
    });
  });

  it("refuses zero, negative and non-numeric values", () => {
    expect(messages(loanStep1Schema, { ...valid, amount: "-5" })).toEqual({
      amount: "Veuillez entrer un montant valide",
    });
    expect(messages(loanStep1Schema, { ...valid, amount: "abc" })).toEqual({
      amount: "Veuillez entrer un montant valide",
    });
    expect(messages(loanStep1Schema, { ...valid, durationMonths: "0" })).toEqual({
      durationMonths: "Veuillez entrer une durée valide",
    });
    expect(messages(loanStep1Schema, { ...valid, durationMonths: "12.5" })).toEqual({
      durationMonths: "Veuillez entrer une durée valide",
    });
  });

  it("turns form strings into whole numbers", () => {
    expect(loanStep1Schema.parse(valid)).toMatchObject({ amount: 5_000_000, durationMonths: 36 });
  });
});

describe("document upload and notes", () => {
  it("checks name then type", () => {
    expect(messages(documentUploadSchema, { name: "", category: "" })).toEqual({
      name: "Veuillez entrer un nom pour le document",
      category: "Veuillez sélectionner un type de document",
    });
    expect(messages(documentUploadSchema, { name: "CNI", category: "domicile" })).toEqual({
      category: "Veuillez sélectionner un type de document",
    });
  });

  it("refuses a blank note", () => {
    expect(messages(loanNoteSchema, { note: "   " })).toEqual({ note: "Veuillez entrer une note" });
  });
});

describe("loan step 1: monthly income", () => {
  const base = {
    loanType: "personal",
    amount: "500000",
    durationMonths: "12",
    purpose: "Moto",
    office: "lome",
  };
  it("leaves a blank income as not given, never 0", () => {
    expect(loanStep1Schema.parse({ ...base, monthlyIncome: "" }).monthlyIncome).toBeUndefined();
    expect(loanStep1Schema.parse({ ...base, monthlyIncome: null }).monthlyIncome).toBeUndefined();
    expect(loanStep1Schema.parse(base).monthlyIncome).toBeUndefined();
    expect(loanStep1Schema.parse({ ...base, monthlyIncome: "350000" }).monthlyIncome).toBe(350_000);
    expect(loanStep1Schema.parse({ ...base, monthlyIncome: 0 }).monthlyIncome).toBe(0);
  });
});
