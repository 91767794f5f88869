import { expect, type Page, test } from "@playwright/test";

// French number formatting uses narrow no-break spaces (U+202F) between thousands and a
// no-break space (U+00A0) before the unit: match any kind of space.
const sp = "[\\s\\u00a0\\u202f]";
const fcfa = (digits: string) => new RegExp(`${digits.replace(/ /g, sp)}${sp}FCFA`);

async function expectLink(page: Page, name: string | RegExp, href: string) {
  const link = page.getByRole("main").getByRole("link", { name }).first();
  await expect(link).toHaveAttribute("href", href);
}

test.describe("Pages publiques", () => {
  test("accueil : accroche, compteurs, trois raisons, appels à l'action et simulateur", async ({
    page,
  }) => {
    await page.goto("/");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(
      "Le financement qui fait avancer vos projets en Afrique de l'Ouest",
    );
    const figures = page.getByRole("region", { name: "Nos chiffres clés" });
    await expect(figures).toContainText("+1000");
    await expect(figures).toContainText("clients");
    await expect(figures).toContainText(fcfa("2 500 000 000"));
    await expect(figures).toContainText("de crédits accordés");
    await expect(figures.getByText("4", { exact: true })).toBeVisible();
    await expect(figures).toContainText("pays");

    const reasons = page.getByRole("region", { name: /partenaire financier/ });
    await expect(reasons.getByRole("heading", { level: 3 })).toHaveText([
      "Une décision en moins de 48 h",
      "Un expert dédié",
      "Des conditions transparentes",
    ]);

    await expectLink(page, "Demander un prêt", "/auth/register");
    await expectLink(page, "Parler à un conseiller", "/contact");
    await expectLink(page, "Créer mon compte", "/auth/register");
    await expectLink(page, "Nous contacter", "/contact");

    await expect(page.getByRole("heading", { name: "Simulez votre prêt" })).toBeVisible();
    await expect(page.getByTestId("simulator-monthly")).toHaveText(fcfa("88 849"));
  });

  test("à propos : mission, valeurs, engagements, histoire, différenciateurs, dirigeants, chiffres", async ({
    page,
  }) => {
    await page.goto("/a-propos");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    for (const title of ["Notre mission", "Nos valeurs", "Notre histoire", "Chiffres clés"]) {
      await expect(page.getByText(title, { exact: true })).toBeVisible();
    }
    await expect(page.getByRole("heading", { name: "Nos engagements envers vous" })).toBeVisible();

    const history = page.getByRole("region", { name: /ans de croissance/ });
    const steps = history.getByRole("listitem");
    await expect(steps).toHaveCount(5);
    await expect(steps.nth(0)).toContainText("2012");
    await expect(steps.nth(0)).toContainText("Fondation");
    await expect(steps.nth(1)).toContainText("2015");
    await expect(steps.nth(1)).toContainText("premier milliard de FCFA");
    await expect(steps.nth(2)).toContainText("2018");
    await expect(steps.nth(2)).toContainText("4 pays");
    await expect(steps.nth(3)).toContainText("2023");
    await expect(steps.nth(3)).toContainText("intelligence artificielle");
    await expect(steps.nth(4)).toContainText("2025");
    await expect(steps.nth(4)).toContainText("57,5 milliards de FCFA");
    await expect(steps.nth(4)).toContainText("1200 clients");

    await expect(page.getByRole("heading", { name: "Décision en moins de 48 h" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Un expert dédié" })).toBeVisible();

    const team = page.getByRole("region", { name: "Une équipe dirigeante expérimentée" });
    await expect(team.getByRole("img")).toHaveCount(3);
    await expect(team.getByRole("img", { name: "Initiales A. K." })).toHaveText("A.K.");

    const figures = page.getByRole("region", { name: "Nos résultats" });
    await expect(figures).toContainText("15+");
    await expect(figures).toContainText("années d'expérience");
    await expect(figures).toContainText("+1200");
    await expect(figures).toContainText("+57,5");
  });

  test("services : quatre prêts vers la connexion, conseil, appels à l'action, simulateur complet", async ({
    page,
  }) => {
    await page.goto("/services");
    const loans = page.getByRole("region", { name: "Quatre familles de financement" });
    await expect(loans.getByRole("heading", { level: 3 })).toHaveText([
      "Prêt immobilier",
      "Prêt entreprise",
      "Microfinance",
      "Prêt projet",
    ]);
    const loanLinks = loans.getByRole("link");
    await expect(loanLinks).toHaveCount(4);
    for (const link of await loanLinks.all()) {
      await expect(link).toHaveAttribute("href", "/auth/login");
    }

    const advisory = page.getByRole("region", { name: /Des experts à vos côtés/ });
    await expect(advisory.getByRole("heading", { level: 3 })).toHaveText([
      "Conseil en investissement",
      "Planification financière",
      "Accompagnement des entreprises",
    ]);

    await expectLink(page, "Créer mon compte", "/auth/register");
    await expectLink(page, "Nous contacter", "/contact");
    await expect(page.getByLabel("Taux annuel (%)")).toBeVisible();
  });

  test("contact : formulaire, trois bureaux avec téléphone et e-mail, plan du siège", async ({
    page,
  }) => {
    await page.goto("/contact");
    await expect(page.getByRole("form", { name: "Formulaire de contact" })).toBeVisible();

    const offices = [
      {
        name: "Siège social — Abidjan",
        tel: "tel:+2252722405060",
        mail: "abidjan@horizoncredit.africa",
      },
      { name: "Bureau de Dakar", tel: "tel:+221338214567", mail: "dakar@horizoncredit.africa" },
      { name: "Bureau de Lomé", tel: "tel:+22822213456", mail: "lome@horizoncredit.africa" },
    ];
    for (const office of offices) {
      const block = page.getByRole("article", { name: office.name });
      await expect(block.locator("address")).not.toBeEmpty();
      await expect(block.getByRole("link", { name: /^\+\d/ })).toHaveAttribute("href", office.tel);
      await expect(block.getByRole("link", { name: office.mail })).toHaveAttribute(
        "href",
        `mailto:${office.mail}`,
      );
    }

    const map = page.locator("iframe");
    await expect(map).toHaveCount(1);
    await expect(map).toHaveAttribute("title", /Siège social — Abidjan/);
    await expect(map).toHaveAttribute("loading", "lazy");
    await expect(map).toHaveAttribute(
      "src",
      /^https:\/\/www\.openstreetmap\.org\/export\/embed\.html\?bbox=.+&layer=mapnik&marker=5\.3236,-4\.0196$/,
    );
    await expect(
      page.getByRole("link", { name: /Ouvrir le plan dans OpenStreetMap/ }),
    ).toBeVisible();
    // The page carries no script: the browser itself defers the frame until it nears the screen.
    const html = await (await page.request.get("/contact")).text();
    expect(html).toMatch(/<iframe[^>]*\sloading="lazy"/);
  });

  test("le plan qui ne charge pas laisse la page entière et utilisable", async ({ page }) => {
    await page.route("https://www.openstreetmap.org/**", (route) => route.abort());
    await page.goto("/contact");
    const frame = page.locator("iframe");
    await frame.scrollIntoViewIfNeeded();
    const box = await frame.boundingBox();
    expect(box?.height ?? 0).toBeGreaterThan(250);
    await expect(page.getByText("Si le plan ne s'affiche pas")).toBeAttached();
    await expect(
      page.getByRole("link", { name: /Ouvrir le plan dans OpenStreetMap/ }),
    ).toBeVisible();
    await expect(page.getByRole("contentinfo")).toBeVisible();
  });
});

test.describe("Référencement", () => {
  const pages = [
    { path: "/", title: /Horizon Crédit Afrique/, h1: "Le financement qui fait avancer" },
    { path: "/a-propos", title: /^À propos/, h1: "Financer l'ambition" },
    { path: "/services", title: /^Nos services/, h1: "Des solutions de financement" },
    { path: "/contact", title: /^Contact/, h1: "Parlons de votre projet" },
  ];

  for (const { path, title, h1 } of pages) {
    test(`${path} : titre, description, Open Graph, contenu dans le HTML prérendu`, async ({
      page,
      request,
    }) => {
      // The HTML as a crawler gets it, before any script runs.
      const response = await request.get(path);
      expect(response.status()).toBe(200);
      const html = await response.text();
      expect(html).toContain(h1.replace(/'/g, "&#x27;"));
      expect(html).toMatch(/<meta name="description" content="[^"]{50,}"/);
      expect(html).toMatch(/<meta property="og:title" content="[^"]+"/);
      expect(html).toMatch(/<meta property="og:description" content="[^"]+"/);
      expect(html).toContain('<meta property="og:locale" content="fr_FR"/>');

      await page.goto(path);
      await expect(page).toHaveTitle(title);
      const description = await page.locator('meta[name="description"]').getAttribute("content");
      expect(description?.length ?? 0).toBeGreaterThan(50);
    });
  }

  test("les quatre pages ont des titres et des descriptions distincts", async ({ page }) => {
    const titles = new Set<string>();
    const descriptions = new Set<string>();
    for (const { path } of pages) {
      await page.goto(path);
      titles.add(await page.title());
      descriptions.add(
        (await page.locator('meta[name="description"]').getAttribute("content")) ?? "",
      );
    }
    expect(titles.size).toBe(4);
    expect(descriptions.size).toBe(4);
  });

  test("sitemap.xml et robots.txt", async ({ request, baseURL }) => {
    const sitemap = await request.get("/sitemap.xml");
    expect(sitemap.status()).toBe(200);
    const locations = [...(await sitemap.text()).matchAll(/<loc>([^<]+)<\/loc>/g)].map(
      (match) => match[1],
    );
    expect(locations).toEqual(
      ["/", "/a-propos", "/services", "/contact"].map((path) => `${baseURL}${path}`),
    );

    const robots = await request.get("/robots.txt");
    expect(robots.status()).toBe(200);
    const text = await robots.text();
    expect(text).toContain("Disallow: /client");
    expect(text).toContain("Disallow: /admin");
    expect(text).toContain(`Sitemap: ${baseURL}/sitemap.xml`);
  });
});
