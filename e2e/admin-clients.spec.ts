import { randomInt, randomUUID } from "node:crypto";
import { type Browser, expect, type Page, test } from "@playwright/test";
import {
  changeStatusThroughAdminApi,
  createLoanThroughApi,
  e2eAdmin,
  expectNoHorizontalScroll,
  expectNoSeriousViolations,
  pdfFile,
  signInThroughApi,
  uploadThroughApi,
} from "./fixtures";

const nbsp = "\u00a0";
const narrow = "\u202f";

/** A client registered in a browser context of its own, with a phone and a city. */
async function newClientWithProfile(
  browser: Browser,
  { firstName, lastName, phone }: { firstName: string; lastName: string; phone?: string },
) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const email = `${lastName.toLowerCase().replace(/[^a-z0-9]/g, "")}.${randomUUID().slice(0, 6)}@exemple.sn`;
  const registered = await page.request.post("/api/register", {
    data: { fullName: `${firstName} ${lastName}`, email, password: "Baobab-Lagune-42" },
  });
  expect(registered.status(), await registered.text()).toBe(201);
  const profile = await page.request.patch("/api/me", {
    data: {
      firstName,
      lastName,
      phone: phone ?? "",
      address: "Rue 10, Médina",
      city: "Dakar",
      country: "Sénégal",
      postalCode: "",
    },
  });
  expect(profile.status(), await profile.text()).toBe(200);
  const id = (await profile.json()).user.id as string;
  return { page, context, email, id, firstName, lastName };
}

/** The 8 digits of a phone no other journey has: "+221 77 12 34 56 78". */
function uniquePhone() {
  const digits = String(randomInt(10_000_000, 99_999_999));
  return {
    written: `+221 77 ${digits.slice(0, 2)} ${digits.slice(2, 4)} ${digits.slice(4, 6)} ${digits.slice(6)}`,
    digits,
  };
}

const searchBox = (page: Page) => page.getByRole("searchbox", { name: "Rechercher un client" });

test.describe("Clients de l'administration", () => {
  test("la recherche se fait sur le serveur, survit au rechargement et mène à la fiche", async ({
    page,
    browser,
  }) => {
    const token = randomUUID().slice(0, 6).replace(/\d/g, "x");
    const phone = uniquePhone();
    const aissatou = await newClientWithProfile(browser, {
      firstName: "Aïssatou",
      lastName: `Ndiaye${token}`,
      phone: phone.written,
    });
    await createLoanThroughApi(aissatou.page, { amount: 1_750_000 });
    await aissatou.context.close();

    await signInThroughApi(page, e2eAdmin);
    await page.goto("/admin/clients");
    await expect(page.getByRole("heading", { level: 1, name: "Clients" })).toBeVisible();
    // Accents and case ignored: "AISSATOU NDIAYE…" finds "Aïssatou Ndiaye…".
    await searchBox(page).fill(`AISSATOU NDIAYE${token.toUpperCase()}`);
    await expect(page).toHaveURL(new RegExp(`\\?q=AISSATOU\\+NDIAYE${token.toUpperCase()}$`));
    const row = page.getByRole("row").filter({ hasText: aissatou.email });
    await expect(row).toBeVisible();
    await expect(page.getByRole("row")).toHaveCount(2);
    await expect(row).toContainText(phone.written);
    await expect(row).toContainText("Dakar");
    await expect(row.getByRole("cell").last()).toHaveText("1");

    // The search is kept in the URL: a reload shows the same page.
    await page.reload();
    await expect(searchBox(page)).toHaveValue(`AISSATOU NDIAYE${token.toUpperCase()}`);
    await expect(page.getByRole("row").filter({ hasText: aissatou.email })).toBeVisible();
    await expect(page.getByRole("row")).toHaveCount(2);

    // Phone digits, whatever the spaces.
    await searchBox(page).fill(
      `${phone.digits.slice(0, 2)} ${phone.digits.slice(2, 6)}.${phone.digits.slice(6)}`,
    );
    // The previous search shows the same row: wait for this one to be in force.
    await expect(page).toHaveURL(new RegExp(`\\?q=${phone.digits.slice(0, 2)}\\+`));
    await expect(page.getByRole("row").filter({ hasText: aissatou.email })).toBeVisible();
    await expect(page.getByRole("row")).toHaveCount(2);

    // Nothing found.
    await searchBox(page).fill(`introuvable ${token}`);
    await expect(page.getByRole("main").locator("[aria-live]")).toHaveText("Aucun client trouvé.");
    await expect(page.getByText("Aucun client trouvé.").nth(1)).toBeVisible();
    await expectNoSeriousViolations(page);

    // The row leads to the client's file; 'Retour' comes back to the list.
    await searchBox(page).fill(`ndiaye${token}`);
    await page.getByRole("link", { name: `Aïssatou Ndiaye${token}` }).click();
    await expect(page).toHaveURL(`/admin/clients/${aissatou.id}`);
    await expect(page.getByRole("heading", { level: 1, name: "Détails du client" })).toBeVisible();
    await page.getByRole("link", { name: "Retour", exact: true }).click();
    await expect(page).toHaveURL("/admin/clients");
  });

  test("pages de 10 avec le compte exact, la page gardée dans l'adresse", async ({
    page,
    browser,
  }) => {
    const token = `Lot${randomUUID().slice(0, 6).replace(/\d/g, "y")}`;
    for (let index = 1; index <= 11; index += 1) {
      const client = await newClientWithProfile(browser, {
        firstName: `Client${String(index).padStart(2, "0")}`,
        lastName: token,
      });
      await client.context.close();
    }
    await signInThroughApi(page, e2eAdmin);
    await page.goto(`/admin/clients?q=${token}`);
    await expect(page.getByText("11 clients · page 1 sur 2")).toBeVisible();
    await expect(page.getByRole("row")).toHaveCount(11);
    // Newest first: the eleventh registered comes first.
    await expect(page.getByRole("row").nth(1)).toContainText(`Client11 ${token}`);
    const pagination = page.getByRole("navigation", { name: "Pagination" });
    await pagination.getByRole("link", { name: "Page 2" }).click();
    await expect(page).toHaveURL(new RegExp(`\\?q=${token}&page=2$`));
    await expect(page.getByRole("row")).toHaveCount(2);
    await expect(page.getByRole("row").nth(1)).toContainText(`Client01 ${token}`);
    await page.reload();
    await expect(page.getByText("11 clients · page 2 sur 2")).toBeVisible();
    await expect(pagination.getByRole("link", { name: "Page 2" })).toHaveAttribute(
      "aria-current",
      "page",
    );
  });

  test("la fiche d'un client : demandes, documents, carte et résumé", async ({ page, browser }) => {
    const token = randomUUID().slice(0, 6).replace(/\d/g, "z");
    const kadi = await newClientWithProfile(browser, {
      firstName: "Kadi",
      lastName: `Sarr${token}`,
      phone: "+221 77 000 00 00",
    });
    const first = await createLoanThroughApi(kadi.page, {
      amount: 1_000_000,
      purpose: "Agrandir la boutique",
    });
    const second = await createLoanThroughApi(kadi.page, {
      amount: 2_500_000,
      purpose: "Acheter un véhicule de livraison",
    });
    const uploadId = await uploadThroughApi(kadi.page, pdfFile("Quittance"), "quittance.pdf");
    const document = await kadi.page.request.post("/api/documents", {
      data: { name: "Quittance de loyer", category: "autre", uploadId },
    });
    expect(document.status()).toBe(201);
    const documentId = (await document.json()).document.id as string;
    await kadi.context.close();

    await signInThroughApi(page, e2eAdmin);
    await changeStatusThroughAdminApi(page, first, {
      from: "pending",
      to: "rejected",
      rejectionReason: "Revenus insuffisants",
    });
    await page.goto(`/admin/clients/${kadi.id}`);
    await expect(page.getByRole("heading", { level: 1, name: "Détails du client" })).toBeVisible();

    const card = page.getByRole("region", { name: "Informations du client" });
    await expect(card).toContainText("KS");
    await expect(card).toContainText(`Kadi Sarr${token}`);
    await expect(card.getByRole("link", { name: kadi.email })).toHaveAttribute(
      "href",
      `mailto:${kadi.email}`,
    );
    await expect(card).toContainText("+221 77 000 00 00");
    await expect(card).toContainText("Rue 10, Médina, Dakar, Sénégal");
    await expect(card).toContainText(/Inscrit le\s*\d{1,2} \p{L}+ \d{4}/u);

    const loans = page.getByRole("region", { name: "Demandes de prêt" });
    const rows = loans.getByRole("row");
    await expect(rows).toHaveCount(3);
    const padded = (id: number) => `#${String(id).padStart(5, "0")}`;
    await expect(rows.nth(1)).toContainText(padded(second));
    await expect(rows.nth(1)).toContainText(`2${narrow}500${narrow}000${nbsp}FCFA`);
    await expect(rows.nth(1)).toContainText("Acheter un véhicule de livraison");
    await expect(rows.nth(1)).toContainText("En attente");
    await expect(rows.nth(2)).toContainText(padded(first));
    await expect(rows.nth(2)).toContainText("Rejeté");
    await expect(
      loans.getByRole("link", { name: `Détails de la demande ${padded(second)}` }),
    ).toHaveAttribute("href", `/admin/prets/${second}`);

    const documents = page.getByRole("region", { name: "Documents" });
    await expect(documents.getByRole("row")).toHaveCount(8);
    const quittance = documents.getByRole("row").filter({ hasText: "Quittance de loyer" });
    const view = quittance.getByRole("link", { name: /^Voir/ });
    await expect(view).toHaveAttribute("href", `/api/documents/${documentId}/file`);
    await expect(view).toHaveAttribute("target", "_blank");
    const [opened] = await Promise.all([page.context().waitForEvent("page"), view.click()]);
    const file = await opened.request.get(`/api/documents/${documentId}/file`);
    expect(file.headers()["content-type"]).toBe("application/pdf");
    await opened.close();

    const summary = page.getByRole("region", { name: "Résumé" });
    const figure = (label: string | RegExp) =>
      summary.locator("dl > div").filter({ has: page.getByText(label, { exact: true }) });
    await expect(figure("Total des demandes").locator("dd")).toHaveText("2");
    await expect(figure("Montant total demandé").locator("dd")).toHaveText(
      `3${narrow}500${narrow}000${nbsp}FCFA`,
    );
    await expect(figure("En attente").locator("dd")).toHaveText("1");
    await expect(figure("En cours").locator("dd")).toHaveText("0");
    await expect(figure("Approuvé").locator("dd")).toHaveText("0");
    await expect(figure("Rejeté").locator("dd")).toHaveText("1");
    await expect(figure("Complété").locator("dd")).toHaveText("0");
    await expect(figure("Documents").locator("dd")).toHaveText("7");

    await expectNoSeriousViolations(page);
    await page.screenshot({ path: "test-results/admin-client-1280.png", fullPage: true });
  });

  test("une fiche introuvable affiche l'erreur et le bouton de retour", async ({ page }) => {
    await signInThroughApi(page, e2eAdmin);
    await page.goto("/admin/clients/inexistant");
    await expect(
      page
        .getByRole("alert")
        .filter({ hasText: "Erreur lors du chargement des détails du client." }),
    ).toBeVisible();
    await expectNoSeriousViolations(page);
    await page.getByRole("link", { name: "Retour à la liste des clients" }).click();
    await expect(page).toHaveURL("/admin/clients");
  });

  test("à 360 px : liste et fiche sans défilement horizontal", async ({ page, browser }) => {
    const token = randomUUID().slice(0, 6).replace(/\d/g, "w");
    const moussa = await newClientWithProfile(browser, {
      firstName: "Moussa",
      lastName: `Traoré-Konaté${token}`,
      phone: "+223 70 11 22 33",
    });
    await createLoanThroughApi(moussa.page, {
      amount: 12_500_000,
      purpose: "Construction d'un entrepôt frigorifique à Bamako pour les mangues",
    });
    await moussa.context.close();

    await page.setViewportSize({ width: 360, height: 740 });
    await signInThroughApi(page, e2eAdmin);
    await page.goto(`/admin/clients?q=${encodeURIComponent(`konate${token}`)}`);
    await expect(page.getByRole("link", { name: `Moussa Traoré-Konaté${token}` })).toBeVisible();
    await expectNoHorizontalScroll(page);
    await expectNoSeriousViolations(page);
    await page.screenshot({ path: "test-results/admin-clients-360.png", fullPage: true });

    await page.getByRole("link", { name: `Moussa Traoré-Konaté${token}` }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Détails du client" })).toBeVisible();
    await expect(page.getByRole("region", { name: "Demandes de prêt" })).toContainText(
      "Construction d'un entrepôt",
    );
    await expect(page.getByRole("region", { name: "Documents" })).toContainText("cni.pdf");
    await expectNoHorizontalScroll(page);
    await expectNoSeriousViolations(page);
    await page.screenshot({ path: "test-results/admin-client-360.png", fullPage: true });
  });
});
