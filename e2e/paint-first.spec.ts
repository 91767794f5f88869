import { expect, test } from "@playwright/test";
import { areaRoutes } from "../src/domain/area-routes";
import {
  clientWithLoans,
  e2eAdmin,
  holdScripts,
  newClient,
  registerThroughApi,
  signInThroughApi,
  waitForApp,
} from "./fixtures";

// The sign-in pages and the areas' SPA page paint before their JavaScript, which starts after
// the first paint (src/web/shell/boot-script.ts). What a user does before it arrives must not
// be lost. The app's modules are held back here until the test lets them through.
test.describe("Pages peintes avant leur JavaScript", () => {
  test("la connexion tapée et envoyée avant l'arrivée du JavaScript aboutit", async ({ page }) => {
    const client = await registerThroughApi(page);
    await page.context().clearCookies();
    const release = await holdScripts(page);
    await page.goto("/auth/login", { waitUntil: "domcontentloaded" });
    await expect(page.getByRole("heading", { name: "Connexion" })).toBeVisible();
    await page.getByLabel("Adresse e-mail", { exact: true }).fill(client.email);
    await page.getByLabel("Mot de passe", { exact: true }).fill(client.password);
    await page.getByRole("button", { name: "Se connecter" }).click();
    // Held until the app has started: no reload with the fields in the address.
    await expect(page).toHaveURL(/\/auth\/login$/);
    release();
    await expect(page).toHaveURL(/\/client$/);
    await expect(page.getByRole("heading", { name: "Tableau de bord" })).toBeVisible();
  });

  // The sign-in pages are islands (decisions/2026-11-26-sign-in-islands.md): React alone, without
  // React Router's framework runtime (about 40 KiB gzipped), and a hydration that matches the page.
  for (const path of ["/auth/login", "/auth/register", "/auth/reset-password", "/reset-password"]) {
    test(`${path} : ses îlots seuls, sans React Router, sans erreur`, async ({ page }) => {
      const problems: string[] = [];
      page.on("console", (message) => {
        if (["error", "warning"].includes(message.type())) problems.push(message.text());
      });
      page.on("pageerror", (error) => problems.push(error.message));
      const scripts: string[] = [];
      page.on("request", (request) => {
        if (request.resourceType() === "script") scripts.push(new URL(request.url()).pathname);
      });
      await page.goto(path);
      await expect(page.locator("[data-island]")).toHaveCount(2);
      await expect(page.locator("[data-island]:not([data-hydrated])")).toHaveCount(0);
      expect(scripts.length).toBeGreaterThan(0);
      for (const script of scripts) expect(script).toMatch(/^\/assets\/sign-in-[\w.-]+\.js$/);
      expect(await page.evaluate(() => "__reactRouterContext" in window)).toBe(false);
      expect(problems).toEqual([]);
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
    await page.waitForLoadState("networkidle");
    await expect(page.getByLabel("Nom complet")).toHaveValue("Mariam Traoré");
    await expect(page.getByLabel("Adresse e-mail", { exact: true })).toHaveValue(
      "mariam@exemple.ci",
    );
  });

  test("l'espace client : la page dessinée par le serveur avec ses données, avant tout script", async ({
    page,
  }) => {
    const client = newClient();
    await registerThroughApi(page, client);
    const html = await (await page.request.get("/client/documents")).text();
    const lists = html.matchAll(
      /<script type="application\/json" data-module-preload>(.*?)<\/script>/g,
    );
    const modules = [...lists].flatMap((list) => JSON.parse(list[1] ?? "[]") as string[]);
    // The areas' entry and the documents page's own chunk, named by the page itself.
    expect(modules.some((module) => /^\/assets\/areas-[\w-]+\.js$/.test(module))).toBe(true);
    expect(modules.some((module) => /areas-page\.client\.documents-[\w-]+\.js$/.test(module))).toBe(
      true,
    );
    // Not React Router's framework runtime: the areas are their own app.
    expect(html).not.toContain("__reactRouter");
    expect(modules.some((module) => module.includes("entry.client"))).toBe(false);
    expect(html).not.toContain('rel="modulepreload"');

    const asked: string[] = [];
    page.on("request", (request) => {
      const path = new URL(request.url()).pathname;
      if (path.startsWith("/api/")) asked.push(path);
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
    await page.waitForFunction(() => (window as { __appStarted?: boolean }).__appStarted === true);
    // Hydrated from the data it was drawn with: nothing asked for again.
    await page.waitForTimeout(500);
    expect(asked).toEqual([]);
  });

  test("un formulaire dessiné par le serveur : tapé et envoyé avant l'arrivée du JavaScript, il aboutit", async ({
    page,
  }) => {
    const client = newClient();
    await registerThroughApi(page, client);
    const release = await holdScripts(page);
    await page.goto("/client/profil", { waitUntil: "domcontentloaded" });
    await page.getByLabel("Prénom").fill("Aïcha");
    await page.getByLabel("Ville").fill("Bouaké");
    await page.getByRole("button", { name: "Enregistrer les modifications" }).click();
    release();
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
    // The app's first updates are done (a tap held until then is made at setTimeout 0).
    await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(await page.evaluate(() => window.scrollY)).toBe(scrolled);
    await activate.click();
    await expect(page.getByLabel("Mot de passe", { exact: true })).toBeVisible();

    await page.getByRole("link", { name: "Mes documents", exact: true }).click();
    await expect(page).toHaveURL(/\/client\/documents$/);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  });

  test("le menu du compte touché avant l'arrivée du JavaScript s'ouvre une fois l'application prête", async ({
    page,
  }) => {
    await registerThroughApi(page);
    const release = await holdScripts(page);
    await page.goto("/client", { waitUntil: "domcontentloaded" });
    await page.getByRole("button", { name: /menu du compte/ }).click();
    release();
    await expect(page.getByRole("menuitem", { name: "Déconnexion" })).toBeVisible();
  });

  test("une durée dessinée par le serveur s'hydrate telle quelle, puis suit l'horloge du navigateur", async ({
    page,
  }) => {
    const { client, close } = await clientWithLoans(page, [{}]);
    await signInThroughApi(page, e2eAdmin);
    // The browser's clock 10 minutes ahead of the server's: a request drawn 'depuis 0 min' would
    // hydrate as 'depuis 10 min', a mismatch React answers by drawing the page again.
    await page.clock.install({ time: Date.now() + 10 * 60_000 });
    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(error.message));
    page.on("console", (message) => {
      if (message.type() === "error") errors.push(message.text());
    });
    await page.goto(`/admin/prets?q=${encodeURIComponent(client.lastName)}`);
    await waitForApp(page);
    await expect(page.getByText(/^depuis 1\d min$/).first()).toBeVisible();
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

  test("sans session, une page de l'espace client reste le cadre, puis mène à la connexion", async ({
    page,
  }) => {
    const answer = await page.request.get("/client/documents");
    const html = await answer.text();
    expect(html).toContain("Chargement…");
    expect(html).not.toContain('"rendered":true');
    await page.goto("/client/documents");
    await expect(page).toHaveURL(/\/auth\/login$/);
  });

  // Each area page's HTML asks for the page's first data (src/domain/area-routes.ts) beside the
  // session. If a page's own request differs from the list (a changed page size, a new filter),
  // the URL would be asked for twice: once by the HTML, unused, and once by the page.
  for (const area of ["client", "admin"] as const) {
    test(`espace ${area} : chaque première donnée demandée par la page HTML l'est une seule fois`, async ({
      page,
    }) => {
      // One page after the other, each watched 1.5 s after its data: the time grows with the
      // table of routes.
      test.setTimeout(10_000 + areaRoutes.filter((at) => at.area === area).length * 6_000);
      if (area === "client") await registerThroughApi(page, newClient());
      else await signInThroughApi(page, e2eAdmin);
      // A page the server drew and the browser hydrated differently is an error in the console
      // (React then draws it again): none on any page.
      const errors: string[] = [];
      page.on("pageerror", (error) => errors.push(`${page.url()} : ${error.message}`));
      page.on("console", (message) => {
        // The browser's own line for an answer 404 (a request number that is not the user's).
        if (message.type() !== "error" || message.text().startsWith("Failed to load resource")) {
          return;
        }
        errors.push(`${page.url()} : ${message.text()}`);
      });
      for (const route of areaRoutes.filter((at) => at.area === area)) {
        const path = route.path.replace(/:\w+/, "1");
        const asked: string[] = [];
        const listener = (request: { url(): string }) => {
          const url = new URL(request.url());
          if (url.pathname.startsWith("/api/")) asked.push(url.pathname + url.search);
          else if (/^\/assets\/areas-/.test(url.pathname)) asked.push("(script)");
        };
        page.on("request", listener);
        const answer = await page.goto(path);
        // Drawn whole: no part left as its fallback, to be moved in by a script the CSP refuses.
        expect(await answer?.text(), path).not.toMatch(/<!--\$\?-->|<template id="B:/);
        await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
        const rendered = await page.evaluate(() => document.getElementById("areas-state") !== null);
        const firstData = route.firstData.map((at) => at.replace(/:\w+/, "1"));
        if (!rendered) {
          await expect.poll(() => firstData.every((url) => asked.includes(url)), path).toBe(true);
        }
        // Time for a page that did not take an answer to ask for it itself.
        await page.waitForTimeout(1500);
        page.off("request", listener);
        expect(errors, path).toEqual([]);
        if (rendered) {
          // Drawn by the server with its session and data: neither the session nor a first data
          // is asked for again (the statistics, read afresh each time their page is shown, are
          // fresh for a few seconds after the drawing too).
          for (const url of ["/api/session", ...firstData]) {
            expect(
              asked.filter((at) => at === url),
              `${path} : ${url}`,
            ).toHaveLength(0);
          }
          continue;
        }
        expect(
          asked.filter((url) => url === "/api/session"),
          path,
        ).toHaveLength(1);
        // Asked for by the HTML, before any of the app's scripts, and never again by the page.
        const firstScript = asked.indexOf("(script)");
        expect(firstScript, path).toBeGreaterThan(0);
        for (const url of firstData) {
          expect(
            asked.filter((at) => at === url),
            `${path} : ${url}`,
          ).toHaveLength(1);
          expect(asked.indexOf(url), `${path} : ${url}`).toBeLessThan(firstScript);
        }
      }
    });
  }
});
