import { eq, like } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import { session, user, verification } from "../db/schema";
import { apiFixture } from "../test/api-fixture";
import { cookiesFrom, newIdentity, nextIp, registerClient, signedInAdmin } from "../test/test-app";
import { commonPasswordMessage } from "./common-passwords";

const { t } = apiFixture();
const userKeys = [
  "address",
  "city",
  "country",
  "createdAt",
  "email",
  "firstName",
  "id",
  "lastName",
  "office",
  "phone",
  "postalCode",
  "role",
  "twoFactorEnabled",
];

function post(url: string, payload: unknown, options: { cookie?: string; ip?: string } = {}) {
  return t.app.inject({
    method: "POST",
    url,
    payload: payload as Record<string, unknown>,
    remoteAddress: options.ip ?? nextIp(),
    headers: options.cookie ? { cookie: options.cookie } : {},
  });
}

function get(url: string, cookie?: string) {
  return t.app.inject({ method: "GET", url, headers: cookie ? { cookie } : {} });
}

/** The decoded text of the last mail sent to `to`, and the reset link in it. */
async function lastMailTo(to: string) {
  const mails = await t.mailsTo(to);
  const last = mails.at(-1);
  if (!last) return undefined;
  const text = last.texts.join("\n");
  const link = text.match(/https?:\/\/[^\s"<]+\/reset-password\?token=[\w-]+/)?.[0];
  return { text, link, count: mails.length };
}

describe("POST /api/register", () => {
  test("creates a signed-in client and answers 201 {user, error: null}", async () => {
    const identity = newIdentity();
    const response = await post("/api/register", identity);
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body.error).toBeNull();
    expect(Object.keys(body.user).sort()).toEqual(userKeys);
    expect(body.user).toMatchObject({
      email: identity.email,
      firstName: "Awa",
      lastName: identity.fullName.split(" ").slice(1).join(" "),
      role: "client",
      phone: null,
    });
    const cookie = cookiesFrom(response);
    expect(cookie).toMatch(/horizon\.session_token=/);
    const setCookie = String(response.headers["set-cookie"]);
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    expect(setCookie).not.toMatch(/Secure/);
    const current = await get("/api/session", cookie);
    expect(current.json().user.id).toBe(body.user.id);
  });

  test("always makes a client, whatever role the body claims", async () => {
    const identity = newIdentity("forged");
    const response = await post("/api/register", { ...identity, role: "admin" });
    expect(response.statusCode).toBe(201);
    expect(response.json().user.role).toBe("client");
    const [row] = await t.database.db.select().from(user).where(eq(user.email, identity.email));
    expect(row?.role).toBe("client");
  });

  test("missing fields: 400 'Veuillez remplir tous les champs' with each field's message", async () => {
    const response = await post("/api/register", {});
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      user: null,
      error: {
        code: "validation_error",
        message: "Veuillez remplir tous les champs",
        fields: {
          fullName: "Nom complet requis",
          email: "Adresse e-mail requise",
          password: "Mot de passe requis",
        },
      },
    });
    const blankName = await post("/api/register", { ...newIdentity(), fullName: "   " });
    expect(blankName.json().error.message).toBe("Veuillez remplir tous les champs");
    expect(blankName.json().error.fields).toEqual({ fullName: "Nom complet requis" });
  });

  test("invalid e-mail and short password get their own messages", async () => {
    const badEmail = await post("/api/register", { ...newIdentity(), email: "awa@exemple" });
    expect(badEmail.statusCode).toBe(400);
    expect(badEmail.json().error).toMatchObject({
      message: "Adresse e-mail invalide",
      fields: { email: "Adresse e-mail invalide" },
    });
    const short = await post("/api/register", { ...newIdentity(), password: "abc12" });
    expect(short.statusCode).toBe(400);
    expect(short.json().error.fields).toEqual({ password: "Minimum 6 caractères" });
    const notText = await post("/api/register", { ...newIdentity(), fullName: 42 });
    expect(notText.json().error.fields).toEqual({ fullName: "Nom complet requis" });
  });

  test("refuses a common password", async () => {
    const response = await post("/api/register", { ...newIdentity(), password: "Password1" });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      user: null,
      error: {
        code: "common_password",
        message: commonPasswordMessage,
        fields: { password: commonPasswordMessage },
      },
    });
  });

  test("an e-mail already used (any case) answers 409", async () => {
    const identity = newIdentity();
    await registerClient(t.app, identity);
    const response = await post("/api/register", {
      ...newIdentity(),
      email: identity.email.toUpperCase(),
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      user: null,
      error: {
        code: "email_taken",
        message: "Un compte existe déjà avec cette adresse e-mail",
        fields: { email: "Un compte existe déjà avec cette adresse e-mail" },
      },
    });
  });

  test("simultaneous registrations of one address: one account, the others 409", async () => {
    const identity = newIdentity("race");
    const responses = await Promise.all([1, 2, 3].map(() => post("/api/register", identity)));
    const statuses = responses.map((response) => response.statusCode).sort();
    expect(statuses).toEqual([201, 409, 409]);
    const rows = await t.database.db.select().from(user).where(eq(user.email, identity.email));
    expect(rows).toHaveLength(1);
  });

  test("five registrations per hour per address, then 429 with Retry-After", async () => {
    const ip = nextIp();
    for (let i = 0; i < 5; i++) {
      expect((await post("/api/register", newIdentity(), { ip })).statusCode).toBe(201);
    }
    const refused = await post("/api/register", newIdentity(), { ip });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({
      user: null,
      error: {
        code: "rate_limited",
        message: "Trop de tentatives. Veuillez réessayer dans quelques minutes.",
      },
    });
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
    expect((await post("/api/register", newIdentity())).statusCode).toBe(201);
  });

  test("malformed JSON: 400 with a French message, in the registration envelope", async () => {
    const response = await t.app.inject({
      method: "POST",
      url: "/api/register",
      headers: { "content-type": "application/json" },
      payload: '{"fullName": "Awa",',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      user: null,
      error: { code: "invalid_json", message: "Le corps de la requête n'est pas un JSON valide." },
    });
  });
});

describe("POST/GET/DELETE /api/session", () => {
  test("signs in; rememberMe keeps the cookie 30 days, otherwise it ends with the browser", async () => {
    const client = await registerClient(t.app);
    const remembered = await post("/api/session", {
      email: client.email,
      password: client.password,
      rememberMe: true,
    });
    expect(remembered.statusCode).toBe(200);
    expect(Object.keys(remembered.json().user).sort()).toEqual(userKeys);
    const rememberedCookie = remembered.cookies.find((c) => c.name === "horizon.session_token");
    expect(rememberedCookie?.maxAge).toBe(30 * 24 * 60 * 60);

    const forgotten = await post("/api/session", {
      email: client.email.toUpperCase(),
      password: client.password,
      rememberMe: false,
    });
    expect(forgotten.statusCode).toBe(200);
    const sessionCookie = forgotten.cookies.find((c) => c.name === "horizon.session_token");
    expect(sessionCookie).toBeDefined();
    expect(sessionCookie?.maxAge).toBeUndefined();
    expect(sessionCookie?.expires).toBeUndefined();
    const current = await get("/api/session", cookiesFrom(forgotten));
    expect(current.json().user.email).toBe(client.email);

    // rememberMe is optional and defaults to false.
    const defaulted = await post("/api/session", {
      email: client.email,
      password: client.password,
    });
    expect(
      defaulted.cookies.find((c) => c.name === "horizon.session_token")?.maxAge,
    ).toBeUndefined();
  });

  test("wrong password or unknown e-mail: 401 'Adresse e-mail ou mot de passe incorrect'", async () => {
    const client = await registerClient(t.app);
    for (const payload of [
      { email: client.email, password: "Pas-le-bon-42" },
      { email: "personne@exemple.ci", password: client.password },
    ]) {
      const response = await post("/api/session", payload);
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({
        error: {
          code: "invalid_credentials",
          message: "Adresse e-mail ou mot de passe incorrect",
        },
      });
      expect(response.headers["set-cookie"]).toBeUndefined();
    }
  });

  test("validation messages of the login form", async () => {
    const empty = await post("/api/session", {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error).toEqual({
      code: "validation_error",
      message: "Adresse e-mail requise",
      fields: { email: "Adresse e-mail requise", password: "Mot de passe requis" },
    });
    const badEmail = await post("/api/session", { email: "awa", password: "x" });
    expect(badEmail.json().error.fields).toEqual({ email: "Adresse e-mail invalide" });
    const badRemember = await post("/api/session", {
      email: "awa@exemple.ci",
      password: "x",
      rememberMe: "oui",
    });
    expect(badRemember.json().error.fields).toEqual({ rememberMe: "Valeur invalide" });
  });

  test("ten attempts per e-mail in 15 minutes, from any address, then 429", async () => {
    const client = await registerClient(t.app);
    for (let i = 0; i < 10; i++) {
      const response = await post("/api/session", { email: client.email, password: "Mauvais-42" });
      expect(response.statusCode).toBe(401);
    }
    const refused = await post("/api/session", { email: client.email, password: client.password });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.message).toBe(
      "Trop de tentatives. Veuillez réessayer dans quelques minutes.",
    );
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
  });

  test("thirty attempts per address in 15 minutes, whatever the e-mail, then 429", async () => {
    const ip = nextIp();
    for (let i = 0; i < 30; i++) {
      const response = await post(
        "/api/session",
        { email: `inconnu${i}@exemple.ci`, password: "Mauvais-42" },
        { ip },
      );
      expect(response.statusCode).toBe(401);
    }
    const refused = await post(
      "/api/session",
      { email: "autre@exemple.ci", password: "Mauvais-42" },
      { ip },
    );
    expect(refused.statusCode).toBe(429);
  });

  test("GET /api/session never answers 401", async () => {
    const anonymous = await get("/api/session");
    expect(anonymous.statusCode).toBe(200);
    expect(anonymous.json()).toEqual({ user: null });
    const forged = await get("/api/session", "horizon.session_token=forged.value");
    expect(forged.statusCode).toBe(200);
    expect(forged.json()).toEqual({ user: null });
  });

  test("DELETE /api/session ends the session and clears the cookie", async () => {
    const client = await registerClient(t.app);
    const response = await t.app.inject({
      method: "DELETE",
      url: "/api/session",
      headers: { cookie: client.cookie },
    });
    expect(response.statusCode).toBe(204);
    const cleared = response.cookies.find((c) => c.name === "horizon.session_token");
    expect(cleared?.maxAge).toBe(0);
    expect((await get("/api/session", client.cookie)).json()).toEqual({ user: null });
    expect((await get("/api/me", client.cookie)).statusCode).toBe(401);

    const anonymous = await t.app.inject({
      method: "DELETE",
      url: "/api/session",
      headers: { "content-type": "application/json" },
    });
    expect(anonymous.statusCode).toBe(204);
  });
});

describe("password reset", () => {
  test("answers {ok: true} and mails a single-use link to /reset-password", async () => {
    const client = await registerClient(t.app);
    const other = await post("/api/session", {
      email: client.email,
      password: client.password,
      rememberMe: true,
    });
    const otherCookie = cookiesFrom(other);

    const response = await post("/api/password-reset", { email: client.email });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ok: true });
    const mail = await lastMailTo(client.email);
    expect(mail?.text).toContain("Réinitialisation de votre mot de passe");
    expect(mail?.text).toContain("Bonjour Awa,");
    expect(mail?.link).toMatch(/^http:\/\/localhost:3000\/reset-password\?token=[\w-]{10,}$/);
    const token = new URL(mail?.link ?? "").searchParams.get("token");

    const confirm = await post("/api/password-reset/confirm", {
      token,
      password: "Nouveau-Baobab-77",
      confirmPassword: "Nouveau-Baobab-77",
    });
    expect(confirm.statusCode).toBe(200);
    // The account's address, for the sign-in page that follows.
    expect(confirm.json()).toEqual({ ok: true, email: client.email });

    // Every session of the account ends; the new password works, the old one no longer does.
    expect((await get("/api/session", client.cookie)).json()).toEqual({ user: null });
    expect((await get("/api/session", otherCookie)).json()).toEqual({ user: null });
    const oldPassword = await post("/api/session", {
      email: client.email,
      password: client.password,
    });
    expect(oldPassword.statusCode).toBe(401);
    const newPassword = await post("/api/session", {
      email: client.email,
      password: "Nouveau-Baobab-77",
    });
    expect(newPassword.statusCode).toBe(200);

    // The link works once.
    const reused = await post("/api/password-reset/confirm", {
      token,
      password: "Encore-Autre-88",
      confirmPassword: "Encore-Autre-88",
    });
    expect(reused.statusCode).toBe(400);
    expect(reused.json().error).toMatchObject({
      code: "invalid_reset_token",
      message: "Lien de réinitialisation invalide ou expiré",
    });
  });

  test("an unknown e-mail gets the same answer and no mail", async () => {
    const before = (await t.outbox()).length;
    const response = await post("/api/password-reset", { email: "personne.ici@exemple.ci" });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ok: true });
    expect((await t.outbox()).length).toBe(before);
  });

  test("the link uses the page's origin when it is one of ours", async () => {
    const client = await registerClient(t.app);
    const response = await t.app.inject({
      method: "POST",
      url: "/api/password-reset",
      payload: { email: client.email },
      headers: { origin: "http://127.0.0.1:3000" },
      remoteAddress: nextIp(),
    });
    expect(response.statusCode).toBe(200);
    expect((await lastMailTo(client.email))?.link).toMatch(
      /^http:\/\/127\.0\.0\.1:3000\/reset-password\?token=/,
    );
    // A forged Host cannot redirect the link: it stays on the configured origin.
    const spoofed = await t.app.inject({
      method: "POST",
      url: "/api/password-reset",
      payload: { email: client.email },
      headers: { host: "evil.example", origin: "http://evil.example" },
      remoteAddress: nextIp(),
    });
    expect(spoofed.statusCode).toBe(200);
    expect((await lastMailTo(client.email))?.link).toMatch(
      /^http:\/\/localhost:3000\/reset-password\?token=/,
    );
  });

  test("an expired link is refused", async () => {
    const client = await registerClient(t.app);
    await post("/api/password-reset", { email: client.email });
    const token = new URL((await lastMailTo(client.email))?.link ?? "").searchParams.get("token");
    const updated = await t.database.db
      .update(verification)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(like(verification.identifier, `reset-password:${token}`))
      .returning();
    expect(updated).toHaveLength(1);
    const response = await post("/api/password-reset/confirm", {
      token,
      password: "Nouveau-Baobab-77",
      confirmPassword: "Nouveau-Baobab-77",
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBe("Lien de réinitialisation invalide ou expiré");
    // The old password still works.
    expect(
      (await post("/api/session", { email: client.email, password: client.password })).statusCode,
    ).toBe(200);
  });

  test("the link expires one hour after the request", async () => {
    const client = await registerClient(t.app);
    const before = Date.now();
    await post("/api/password-reset", { email: client.email });
    const token = new URL((await lastMailTo(client.email))?.link ?? "").searchParams.get("token");
    const [row] = await t.database.db
      .select()
      .from(verification)
      .where(eq(verification.identifier, `reset-password:${token}`));
    const lifetime = (row?.expiresAt.getTime() ?? 0) - before;
    expect(lifetime).toBeGreaterThan(59 * 60 * 1000);
    expect(lifetime).toBeLessThanOrEqual(61 * 60 * 1000);
  });

  test("validation messages of the request and of the new password", async () => {
    const empty = await post("/api/password-reset", { email: "" });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error).toEqual({
      code: "validation_error",
      message: "Veuillez entrer votre adresse e-mail",
      fields: { email: "Veuillez entrer votre adresse e-mail" },
    });
    const mismatch = await post("/api/password-reset/confirm", {
      token: "abc",
      password: "Nouveau-Baobab-77",
      confirmPassword: "Autre-Chose-77",
    });
    expect(mismatch.json().error.fields).toEqual({
      confirmPassword: "Les mots de passe ne correspondent pas",
    });
    const missing = await post("/api/password-reset/confirm", {});
    expect(missing.json().error.fields).toEqual({
      token: "Lien de réinitialisation invalide ou expiré",
      password: "Le nouveau mot de passe est obligatoire",
      confirmPassword: "Veuillez confirmer votre mot de passe",
    });
    const short = await post("/api/password-reset/confirm", {
      token: "abc",
      password: "abc",
      confirmPassword: "abc",
    });
    expect(short.json().error.fields.password).toBe(
      "Le mot de passe doit contenir au moins 6 caractères",
    );
    const common = await post("/api/password-reset/confirm", {
      token: "abc",
      password: "azerty123",
      confirmPassword: "azerty123",
    });
    expect(common.statusCode).toBe(400);
    expect(common.json().error.message).toBe(commonPasswordMessage);
    const unknownToken = await post("/api/password-reset/confirm", {
      token: "inconnu",
      password: "Nouveau-Baobab-77",
      confirmPassword: "Nouveau-Baobab-77",
    });
    expect(unknownToken.statusCode).toBe(400);
    expect(unknownToken.json().error.message).toBe("Lien de réinitialisation invalide ou expiré");
  });

  test("three requests per e-mail per hour, then 429", async () => {
    const client = await registerClient(t.app);
    for (let i = 0; i < 3; i++) {
      expect((await post("/api/password-reset", { email: client.email })).statusCode).toBe(200);
    }
    const refused = await post("/api/password-reset", { email: client.email });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.message).toBe(
      "Trop de tentatives. Veuillez réessayer dans quelques minutes.",
    );
    expect((await lastMailTo(client.email))?.count).toBe(3);
  });

  test("ten requests per address per hour, then 429", async () => {
    const ip = nextIp();
    for (let i = 0; i < 10; i++) {
      const response = await post("/api/password-reset", { email: `x${i}@exemple.ci` }, { ip });
      expect(response.statusCode).toBe(200);
    }
    expect((await post("/api/password-reset", { email: "y@exemple.ci" }, { ip })).statusCode).toBe(
      429,
    );
  });
});

describe("/api/me", () => {
  test("anonymous: 401 'Vous devez être connecté'", async () => {
    for (const response of [
      await get("/api/me"),
      await t.app.inject({ method: "PATCH", url: "/api/me", payload: { firstName: "A" } }),
      await post("/api/me/password", {
        currentPassword: "a",
        newPassword: "b",
        confirmPassword: "b",
      }),
    ]) {
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({
        error: { code: "unauthenticated", message: "Vous devez être connecté" },
      });
    }
  });

  test("GET returns the profile; PATCH updates it and ignores role", async () => {
    const client = await registerClient(t.app);
    const me = await get("/api/me", client.cookie);
    expect(me.statusCode).toBe(200);
    expect(me.json().user.email).toBe(client.email);

    const updated = await t.app.inject({
      method: "PATCH",
      url: "/api/me",
      headers: { cookie: client.cookie },
      payload: {
        firstName: " Aminata ",
        lastName: "Traoré",
        phone: "+225 0708 0910",
        address: "Rue des Jardins, Cocody",
        city: "Abidjan",
        country: "Côte d'Ivoire",
        postalCode: "",
        email: client.email,
        role: "admin",
      },
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json().user).toMatchObject({
      firstName: "Aminata",
      lastName: "Traoré",
      phone: "+225 0708 0910",
      address: "Rue des Jardins, Cocody",
      city: "Abidjan",
      country: "Côte d'Ivoire",
      postalCode: null,
      role: "client",
      email: client.email,
    });
    expect((await get("/api/me", client.cookie)).json().user.firstName).toBe("Aminata");
  });

  test("PATCH validation messages, and the e-mail cannot change", async () => {
    const client = await registerClient(t.app);
    const patch = (payload: Record<string, unknown>) =>
      t.app.inject({
        method: "PATCH",
        url: "/api/me",
        headers: { cookie: client.cookie },
        payload,
      });
    const missing = await patch({ firstName: "", lastName: "" });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.fields).toEqual({
      firstName: "Le prénom est obligatoire",
      lastName: "Le nom est obligatoire",
    });
    const phone = await patch({ firstName: "Awa", lastName: "Koné", phone: "12" });
    expect(phone.json().error).toMatchObject({
      message: "Numéro de téléphone invalide",
      fields: { phone: "Numéro de téléphone invalide" },
    });
    // Numbers as people write them in Abidjan and Dakar (8 to 15 digits with separators).
    for (const written of ["+225 07 08 09 10 11", "77 123 45 67", "(+221) 33.821.45.67"]) {
      const accepted = await patch({ firstName: "Awa", lastName: "Koné", phone: written });
      expect(accepted.statusCode, written).toBe(200);
      expect(accepted.json().user.phone).toBe(written);
    }
    const tooLong = await patch({
      firstName: "Awa",
      lastName: "Koné",
      phone: "+225 0708091011 1234",
    });
    expect(tooLong.json().error.fields).toEqual({ phone: "Numéro de téléphone invalide" });
    const email = await patch({ firstName: "Awa", lastName: "Koné", email: "autre@exemple.ci" });
    expect(email.statusCode).toBe(400);
    expect(email.json().error).toEqual({
      code: "email_read_only",
      message: "Pour changer votre email, veuillez contacter le support.",
      fields: { email: "Pour changer votre email, veuillez contacter le support." },
    });
    expect((await get("/api/me", client.cookie)).json().user.email).toBe(client.email);
  });

  test("POST /api/me/password: messages, wrong current password", async () => {
    const client = await registerClient(t.app);
    const change = (payload: Record<string, unknown>) =>
      post("/api/me/password", payload, { cookie: client.cookie });
    const wrong = await change({
      currentPassword: "Pas-le-bon-42",
      newPassword: "Nouveau-Baobab-77",
      confirmPassword: "Nouveau-Baobab-77",
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error).toEqual({
      code: "wrong_current_password",
      message: "Mot de passe actuel incorrect",
      fields: { currentPassword: "Mot de passe actuel incorrect" },
    });
    const mismatch = await change({
      currentPassword: client.password,
      newPassword: "Nouveau-Baobab-77",
      confirmPassword: "Nouveau-Baobab-78",
    });
    expect(mismatch.json().error.fields).toEqual({
      confirmPassword: "Les nouveaux mots de passe ne correspondent pas",
    });
    const short = await change({
      currentPassword: client.password,
      newPassword: "abc",
      confirmPassword: "abc",
    });
    expect(short.json().error.fields.newPassword).toBe(
      "Le nouveau mot de passe doit contenir au moins 6 caractères",
    );
    const missing = await change({
      newPassword: "Nouveau-Baobab-77",
      confirmPassword: "Nouveau-Baobab-77",
    });
    expect(missing.json().error.fields).toEqual({ currentPassword: "Mot de passe actuel requis" });
    const common = await change({
      currentPassword: client.password,
      newPassword: "iloveyou",
      confirmPassword: "iloveyou",
    });
    expect(common.json().error).toMatchObject({
      code: "common_password",
      fields: { newPassword: commonPasswordMessage },
    });
    // Nothing changed.
    expect(
      (await post("/api/session", { email: client.email, password: client.password })).statusCode,
    ).toBe(200);
  });

  test("a password change ends the account's other sessions and keeps this one", async () => {
    const client = await registerClient(t.app);
    const elsewhere = cookiesFrom(
      await post("/api/session", {
        email: client.email,
        password: client.password,
        rememberMe: true,
      }),
    );
    const stranger = await registerClient(t.app);
    const response = await post(
      "/api/me/password",
      {
        currentPassword: client.password,
        newPassword: "Nouveau-Baobab-77",
        confirmPassword: "Nouveau-Baobab-77",
      },
      { cookie: client.cookie },
    );
    expect(response.statusCode).toBe(204);
    const here = cookiesFrom(response, client.cookie);
    expect((await get("/api/session", here)).json().user?.email).toBe(client.email);
    expect((await get("/api/session", elsewhere)).json()).toEqual({ user: null });
    // Other accounts are untouched.
    expect((await get("/api/session", stranger.cookie)).json().user?.email).toBe(stranger.email);
    const [row] = await t.database.db.select().from(user).where(eq(user.email, client.email));
    const sessions = await t.database.db
      .select()
      .from(session)
      .where(eq(session.userId, row?.id ?? ""));
    expect(sessions).toHaveLength(1);
    expect(
      (await post("/api/session", { email: client.email, password: "Nouveau-Baobab-77" }))
        .statusCode,
    ).toBe(200);
  });
});

describe("cross-site requests", () => {
  test("a write from another site is refused; our origins and the same host pass", async () => {
    const client = await registerClient(t.app);
    const attempt = (headers: Record<string, string>) =>
      t.app.inject({
        method: "POST",
        url: "/api/session",
        payload: { email: client.email, password: client.password },
        headers,
        remoteAddress: nextIp(),
      });
    const foreign = await attempt({ origin: "https://evil.example" });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json()).toEqual({
      error: {
        code: "forbidden_origin",
        message: "Requête refusée : elle ne provient pas du site de la plateforme.",
      },
    });
    expect((await attempt({ origin: "null" })).statusCode).toBe(403);
    expect((await attempt({ "sec-fetch-site": "cross-site" })).statusCode).toBe(403);
    expect((await attempt({ origin: "http://localhost:3000" })).statusCode).toBe(200);
    expect((await attempt({ origin: "http://127.0.0.1:3000" })).statusCode).toBe(200);
    expect(
      (await attempt({ origin: "http://192.168.1.20:3000", host: "192.168.1.20:3000" })).statusCode,
    ).toBe(200);
    expect((await attempt({ "sec-fetch-site": "same-origin" })).statusCode).toBe(200);
  });
});

describe("access to every route", () => {
  test("anonymous, client and admin", async () => {
    const client = await registerClient(t.app);
    const admin = await signedInAdmin(t.app);
    const cases: Array<[string, string, number, number, number]> = [
      // method, url, anonymous, client, admin
      ["GET", "/api/session", 200, 200, 200],
      ["GET", "/api/me", 401, 200, 200],
      ["GET", "/api/admin/administrators", 401, 403, 200],
    ];
    for (const [method, url, anonymous, asClient, asAdmin] of cases) {
      const call = (cookie?: string) =>
        t.app.inject({ method: method as "GET", url, headers: cookie ? { cookie } : {} });
      expect((await call()).statusCode, `${url} anonymous`).toBe(anonymous);
      expect((await call(client.cookie)).statusCode, `${url} client`).toBe(asClient);
      expect((await call(admin.cookie)).statusCode, `${url} admin`).toBe(asAdmin);
    }
    const forbidden = await get("/api/admin/administrators", client.cookie);
    expect(forbidden.json()).toEqual({
      error: { code: "forbidden", message: "Accès réservé aux administrateurs" },
    });
    expect((await get("/api/me", admin.cookie)).json().user.role).toBe("admin");
    expect((await get("/api/session", admin.cookie)).json().user.role).toBe("admin");
  });
});
