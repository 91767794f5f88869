import { expect, test } from "@playwright/test";
import {
  clientWithLoans,
  e2eAdmin,
  holdScripts,
  newClient,
  registerThroughApi,
  signInThroughApi,
  waitForApp,
} from "./fixtures";

// Every page but the public ones is rendered by the server for its request, with its data, and
// painted before its JavaScript runs; React Router then hydrates it. What a user types before the
// scripts arrive must not be lost, a form must not be sent natively (its submit button waits for
// the page to be live), and the page must ask nothing of the API as it starts. The app's modules
// are held back here until the test lets them through.

/** Every console error and uncaught exception of the page, from now on. */
function collectErrors(page: import("@playwright/test").Page) {
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(`${page.url()} : ${error.message}`));
  page.on("console", (message) => {
    // The browser's own line for an answer 404 (a request number that is not the user's).
    if (message.type() !== "error" || message.text().startsWith("Failed to load resource")) return;
    errors.push(`${page.url()} : ${message.text()}`);
  });
  return errors;
}

test.describe("Pages peintes avant leur JavaScript", () => {
  test("la connexion tapée avant l'arrivée du JavaScript aboutit une fois la page prête, sans envoi du formulaire par le navigateur", async ({
    page,
  }) => {
    const client = await registerThroughApi(page);
    await page.context().clearCookies();
    const release = await holdScripts(page);
    await page.goto("/auth/login", { waitUntil: "domcontentloaded" });
    await expect(page.getByRole("heading", { name: "Connexion" })).toBeVisible();
    await page.getByLabel("Adresse e-mail", { exact: true }).fill(client.email);
    await page.getByLabel("Mot de passe", { exact: true }).fill(client.password);
    const submit = page.getByRole("button", { name: "Se connecter" });
    // Pressed now, it would reload the page with the password in the address.
    await expect(submit).toBeDisabled();
    await page.getByLabel("Mot de passe", { exact: true }).press("Enter");
    await expect(page).toHaveURL(/\/auth\/login(\?.*)?$/);
    release();
    await expect(submit).toBeEnabled();
    await expect(page.getByLabel("Adresse e-mail", { exact: true })).toHaveValue(client.email);
    await submit.click();
    await expect(page).toHaveURL(/\/client$/);
    await expect(page.getByRole("heading", { name: "Tableau de bord" })).toBeVisible();
  });

  for (const path of ["/auth/login", "/auth/register", "/auth/reset-password", "/reset-password"]) {
    test(`${path} : rendue par le serveur, hydratée par React Router sans erreur`, async ({
      page,
    }) => {
      const errors = collectErrors(page);
      const answer = await page.goto(path);
      expect(answer?.status()).toBe(200);
      expect(answer?.headers()["content-security-policy"]).toMatch(/script-src [^;]*'nonce-/);
      await waitForApp(page);
      expect(await page.evaluate(() => "__reactRouterContext" in window)).toBe(true);
      expect(errors).toEqual([]);
    });
  }

  test("ce qui est tapé avant l'arrivée du JavaScript reste dans le formulaire", async ({
    page,
  }) => {
    const release = await holdScripts(page);
    await page.goto("/auth/register", { waitUntil: "domcontentloaded" });
    await page.getByLabel("Nom complet").fill("Mariam Traoré");
    await page.getByLabel("Adresse e-mail", { exact: true }).fill("mariam@exemple.ci");
    release();
    await waitForApp(page);
    await expect(page.getByLabel("Nom complet")).toHaveValue("Mariam Traoré");
    await expect(page.getByLabel("Adresse e-mail", { exact: true })).toHaveValue(
      "mariam@exemple.ci",
    );
  });

  test("l'espace client : la page dessinée par le serveur avec ses données, avant tout script, et rien de redemandé au démarrage", async ({
    page,
  }) => {
    const client = newClient();
    await registerThroughApi(page, client);
    const asked: string[] = [];
    page.on("request", (request) => {
      const url = new URL(request.url());
      if (url.pathname.startsWith("/api/") || url.pathname.endsWith(".data")) {
        asked.push(url.pathname);
      }
    });
    const release = await holdScripts(page);
    const answer = await page.goto("/client", { waitUntil: "domcontentloaded" });
    // Personal: never kept by the browser or a proxy.
    expect(answer?.headers()["cache-control"]).toBe("private, no-store");
    // The page as its user sees it, with the user's name, from the HTML alone.
    await expect(page.getByRole("heading", { level: 1, name: "Tableau de bord" })).toBeVisible();
    await expect(page.getByText(`Bonjour, ${client.firstName}`)).toBeVisible();
    await expect(page.getByRole("link", { name: /Demander un prêt/ }).first()).toBeVisible();
    release();
    await waitForApp(page);
    // Hydrated from the data it was drawn with: nothing asked for again.
    await page.waitForTimeout(500);
    expect(asked).toEqual([]);
  });

  test("un formulaire dessiné par le serveur : tapé avant l'arrivée du JavaScript, il aboutit une fois la page prête", async ({
    page,
  }) => {
    const client = newClient();
    await registerThroughApi(page, client);
    const release = await holdScripts(page);
    await page.goto("/client/profil", { waitUntil: "domcontentloaded" });
    await page.getByLabel("Prénom").fill("Aïcha");
    await page.getByLabel("Ville").fill("Bouaké");
    const save = page.getByRole("button", { name: "Enregistrer les modifications" });
    await expect(save).toBeDisabled();
    release();
    await save.click();
    await expect(page.getByText("Profil mis à jour avec succès")).toBeVisible();
    await page.reload();
    await expect(page.getByLabel("Prénom")).toHaveValue("Aïcha");
    await expect(page.getByLabel("Ville")).toHaveValue("Bouaké");
  });

  test("une page dessinée, défilée avant l'arrivée du JavaScript, reste où le lecteur l'a mise ; la page suivante s'ouvre en haut", async ({
    page,
  }) => {
    await registerThroughApi(page);
    const release = await holdScripts(page);
    await page.goto("/client/profil", { waitUntil: "domcontentloaded" });
    const activate = page.getByRole("button", { name: "Activer la double authentification" });
    await activate.scrollIntoViewIfNeeded();
    const scrolled = await page.evaluate(() => window.scrollY);
    expect(scrolled).toBeGreaterThan(0);
    release();
    await waitForApp(page);
    await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(await page.evaluate(() => window.scrollY)).toBe(scrolled);
    await activate.click();
    await expect(page.getByLabel("Mot de passe", { exact: true })).toBeVisible();

    await page.getByRole("link", { name: "Mes documents", exact: true }).click();
    await expect(page).toHaveURL(/\/client\/documents$/);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  });

  test("une durée dessinée par le serveur s'hydrate telle quelle, puis suit l'horloge du navigateur", async ({
    page,
  }) => {
    const { client, close } = await clientWithLoans(page, [{}]);
    await signInThroughApi(page, e2eAdmin);
    // The browser's clock 10 minutes ahead of the server's: a request drawn 'depuis 0 min' would
    // hydrate as 'depuis 10 min', a mismatch React answers by drawing the page again.
    await page.clock.install({ time: Date.now() + 10 * 60_000 });
    const errors = collectErrors(page);
    await page.goto(`/admin/prets?q=${encodeURIComponent(client.lastName)}`);
    await waitForApp(page);
    await expect(
      page
        .getByText(/^depuis 1\d min$/)
        .filter({ visible: true })
        .first(),
    ).toBeVisible();
    expect(errors).toEqual([]);
    await close();
  });

  test("les filtres des officiers choisis avant l'arrivée du JavaScript s'appliquent", async ({
    page,
  }) => {
    await signInThroughApi(page, e2eAdmin);
    const release = await holdScripts(page);
    await page.goto("/admin/prets", { waitUntil: "domcontentloaded" });
    await page.getByLabel("Rechercher un client").fill("Koné");
    await page.getByLabel("Statut").selectOption({ label: "Approuvé" });
    release();
    await expect(page).toHaveURL(/[?&]status=approved/);
    await expect(page).toHaveURL(/[?&]q=Kon%C3%A9/);
    await expect(page.getByLabel("Rechercher un client")).toHaveValue("Koné");
  });

  test("la demande de prêt commencée avant l'arrivée du JavaScript garde ses champs et le champ en cours", async ({
    page,
  }) => {
    await registerThroughApi(page);
    const release = await holdScripts(page);
    await page.goto("/client/demande-pret", { waitUntil: "domcontentloaded" });
    await page.getByLabel("Type de prêt").selectOption({ label: "Prêt personnel" });
    const amount = page.getByLabel("Montant souhaité (FCFA)");
    await amount.fill("5 000");
    const typedIn = await amount.elementHandle();
    release();
    await waitForApp(page);
    // The drawn form is the app's now: the same field, still focused, what was typed in it.
    expect(
      await typedIn?.evaluate((field) => field.isConnected && field === document.activeElement),
    ).toBe(true);
    await page.keyboard.type(" 000");
    await expect(amount).toHaveValue("5 000 000");
    await page.getByLabel("Durée (en mois)").fill("36");
    await page.getByLabel("Objet du prêt").fill("Achat d'un camion frigorifique");
    await page.getByRole("button", { name: "Suivant" }).click();
    await expect(page.getByText("PNG, JPG ou PDF jusqu'à 10 Mo")).toHaveCount(3);
  });

  test("le brouillon de la demande, rechargé, garde aussi ce qui est tapé avant l'arrivée du JavaScript", async ({
    page,
  }) => {
    await registerThroughApi(page);
    await page.goto("/client/demande-pret");
    await waitForApp(page);
    await page.getByLabel("Type de prêt").selectOption({ label: "Prêt personnel" });
    await page.getByLabel("Montant souhaité (FCFA)").fill("5 000 000");
    await page.getByLabel("Durée (en mois)").fill("36");
    const release = await holdScripts(page);
    await page.reload({ waitUntil: "domcontentloaded" });
    // The drawn form is a new one (the draft is in this tab's storage, not on the server).
    await expect(page.getByLabel("Montant souhaité (FCFA)")).toHaveValue("");
    await page.getByLabel("Objet du prêt").fill("Achat d'un camion frigorifique");
    release();
    await waitForApp(page);
    await expect(page.getByLabel("Montant souhaité (FCFA)")).toHaveValue("5 000 000");
    await expect(page.getByLabel("Durée (en mois)")).toHaveValue("36");
    await expect(page.getByLabel("Objet du prêt")).toHaveValue("Achat d'un camion frigorifique");
    await page.reload();
    await expect(page.getByLabel("Objet du prêt")).toHaveValue("Achat d'un camion frigorifique");
    await expect(page.getByLabel("Montant souhaité (FCFA)")).toHaveValue("5 000 000");
  });

  test("sans session, une page de l'espace client mène à la connexion, décidé par le serveur avant toute page", async ({
    page,
  }) => {
    const answer = await page.request.get("/client/documents", { maxRedirects: 0 });
    expect(answer.status()).toBe(302);
    expect(answer.headers().location).toBe("/auth/login?retour=%2Fclient%2Fdocuments");
    const asked: string[] = [];
    page.on("request", (request) => {
      const url = new URL(request.url());
      if (url.pathname.startsWith("/api/")) asked.push(url.pathname);
    });
    await page.goto("/client/documents");
    await expect(page).toHaveURL(/\/auth\/login\?retour=%2Fclient%2Fdocuments$/);
    expect(asked).toEqual([]);
  });

  const areaPages = {
    client: [
      "/client",
      "/client/demande-pret",
      "/client/prets",
      "/client/prets/1",
      "/client/documents",
      "/client/profil",
    ],
    admin: [
      "/admin",
      "/admin/prets",
      "/admin/prets/1",
      "/admin/clients",
      "/admin/messages",
      "/admin/journal",
      "/admin/releves",
      "/admin/parametres",
      "/admin/double-authentification",
    ],
  };
  for (const area of ["client", "admin"] as const) {
    test(`espace ${area} : chaque page dessinée en entier par le serveur, hydratée sans erreur et sans rien redemander`, async ({
      page,
    }) => {
      test.setTimeout(15_000 + areaPages[area].length * 4_000);
      if (area === "client") await registerThroughApi(page, newClient());
      else await signInThroughApi(page, e2eAdmin);
      const errors = collectErrors(page);
      for (const path of areaPages[area]) {
        const asked: string[] = [];
        const listener = (request: { url(): string }) => {
          const url = new URL(request.url());
          if (url.pathname.startsWith("/api/")) asked.push(url.pathname + url.search);
        };
        page.on("request", listener);
        const answer = await page.goto(path);
        // Drawn whole: no part left as its fallback, to be moved in by a script.
        expect(await answer?.text(), path).not.toMatch(/<!--\$\?-->|<template id="B:/);
        await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
        await waitForApp(page);
        // Time for a page that did not take its data from the drawing to ask for it itself.
        await page.waitForTimeout(800);
        page.off("request", listener);
        expect(asked, path).toEqual([]);
        expect(errors, path).toEqual([]);
      }
    });
  }
});
