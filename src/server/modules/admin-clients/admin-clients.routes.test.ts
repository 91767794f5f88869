import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type {
  AdminClientDetailJson,
  AdminClientSummaryJson,
} from "../../../domain/api/admin-clients";
import type { Page } from "../../../domain/api/page";
import { invalidPageMessage } from "../../../domain/api/page";
import { documents } from "../../db/schema";
import { messages } from "../../http/app-error";
import { changeStatus, createLoan, setProfile } from "../../test/admin-test-data";
import { apiFixture } from "../../test/api-fixture";
import { errorOf, registerClient, type TestClient, uploadFile } from "../../test/test-app";
import { pdfFile } from "../../test/test-files";
import { insertLoan } from "../admin-loans/admin-loans.test-helpers";
import { insertDocument } from "../admin-loans/dossier.test-helpers";

let aicha: TestClient;
let eloise: TestClient;
let taux: TestClient;
let mille: TestClient;
let kofiUnderscore: TestClient;
let kofiPlain: TestClient;
let aichaLoans: number[];

/** Registration order fixes "newest first"; each client gets its own creation minute. */
const base = Date.UTC(2026, 0, 10, 9, 0, 0);
const minute = 60_000;

const {
  t,
  officers: [admin],
} = apiFixture({ officers: 1 });

beforeAll(async () => {
  const people = [
    ["Aïcha Ouédraogo", "aicha.ouedraogo@exemple.bf", "+226 70 12 34 56", "Ouagadougou"],
    ["Éloïse N'Guessan", "eloise.nguessan@exemple.ci", "07.08.09.10.11", "Abidjan"],
    ["Taux 100%", "taux.fixe@exemple.sn", null, "Dakar"],
    ["Moussa Mille1000", "moussa.mille@exemple.sn", null, "Thiès"],
    ["Kofi Mensah", "kofi_mensah@exemple.tg", "+228 90 00 00 01", "Lomé"],
    ["Kofi Mensahx", "kofixmensah@exemple.tg", null, null],
  ] as const;
  const registered: TestClient[] = [];
  for (const [index, [fullName, email, phone, city]] of people.entries()) {
    const client = await registerClient(t.app, {
      fullName,
      email,
      password: "Baobab-Lagune-42",
    });
    await setProfile(t, client.user.id, {
      phone,
      city,
      createdAt: new Date(base + index * minute),
    });
    registered.push(client);
  }
  [aicha, eloise, taux, mille, kofiUnderscore, kofiPlain] = registered as [
    TestClient,
    TestClient,
    TestClient,
    TestClient,
    TestClient,
    TestClient,
  ];
  aichaLoans = [
    await createLoan(t, aicha, { amount: 1_500_000, purpose: "Atelier de couture" }),
    await createLoan(t, aicha, { amount: 2_250_000, purpose: "Machine à coudre industrielle" }),
  ];
  await createLoan(t, eloise, { amount: 900_000 });
});

function get(url: string, who: { cookie: string } | null = admin) {
  return t.app.inject({ url, headers: who ? { cookie: who.cookie } : {} });
}

async function search(q: string, extra = "") {
  const response = await get(`/api/admin/clients?q=${encodeURIComponent(q)}${extra}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as Page<AdminClientSummaryJson>;
}

async function emailsFound(q: string) {
  return (await search(q)).items.map((client) => client.email).sort();
}

describe("who may read the clients", () => {
  it.each(["/api/admin/clients", "/api/admin/clients/xyz"])(
    "%s: 401 anonymous, 403 client, admin let through",
    async (url) => {
      const anonymous = await get(url, null);
      expect(anonymous.statusCode).toBe(401);
      expect(errorOf(anonymous).message).toBe(messages.unauthenticated);
      const client = await get(url, aicha);
      expect(client.statusCode).toBe(403);
      expect(errorOf(client).message).toBe(messages.forbidden);
      const officer = await get(url, admin);
      expect([200, 404]).toContain(officer.statusCode);
    },
  );
});

describe("GET /api/admin/clients", () => {
  it("lists clients only, newest first, with their number of requests", async () => {
    const response = await get("/api/admin/clients");
    expect(response.statusCode).toBe(200);
    const page = response.json() as Page<AdminClientSummaryJson>;
    expect(page.total).toBe(6);
    expect(page.page).toBe(1);
    expect(page.pageSize).toBe(10);
    expect(page.items.map((client) => client.email)).toEqual([
      kofiPlain.email,
      kofiUnderscore.email,
      mille.email,
      taux.email,
      eloise.email,
      aicha.email,
    ]);
    expect(page.items.some((client) => client.email === admin.email)).toBe(false);
    const counts = Object.fromEntries(page.items.map((client) => [client.email, client.loanCount]));
    expect(counts[aicha.email]).toBe(2);
    expect(counts[eloise.email]).toBe(1);
    expect(counts[taux.email]).toBe(0);
    expect(page.items.at(-1)).toEqual({
      id: aicha.user.id,
      firstName: "Aïcha",
      lastName: "Ouédraogo",
      email: aicha.email,
      phone: "+226 70 12 34 56",
      city: "Ouagadougou",
      createdAt: new Date(base).toISOString(),
      closedAt: null,
      loanCount: 2,
    });
    expect(page.items[0]?.city).toBeNull();
    expect(page.items[0]?.phone).toBeNull();
  });

  it("pages: exact total, a page past the end is empty, bounds refused in French", async () => {
    const second = await search("", "&page=2&pageSize=4");
    expect(second.total).toBe(6);
    expect(second.items.map((client) => client.email)).toEqual([eloise.email, aicha.email]);
    const past = await search("", "&page=5&pageSize=4");
    expect(past.items).toEqual([]);
    expect(past.total).toBe(6);

    for (const [query, message] of [
      ["page=0", invalidPageMessage],
      ["page=-1", invalidPageMessage],
      ["page=1.5", invalidPageMessage],
      ["page=abc", invalidPageMessage],
      ["page=1000001", invalidPageMessage],
      ["pageSize=0", "Taille de page invalide"],
      ["pageSize=101", "Taille de page invalide"],
    ] as const) {
      const response = await get(`/api/admin/clients?${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(errorOf(response).message, query).toBe(message);
    }
    const largest = await search("", "&pageSize=100");
    expect(largest.items).toHaveLength(6);
  });

  it("finds first and last names and e-mails, case and accents ignored", async () => {
    expect(await emailsFound("aicha")).toEqual([aicha.email]);
    expect(await emailsFound("AÏCHA")).toEqual([aicha.email]);
    expect(await emailsFound("OUÉDRAOGO")).toEqual([aicha.email]);
    expect(await emailsFound("eloise")).toEqual([eloise.email]);
    expect(await emailsFound("Éloïse")).toEqual([eloise.email]);
    expect(await emailsFound("@exemple.tg")).toEqual(
      [kofiUnderscore.email, kofiPlain.email].sort(),
    );
    // First and last name together, as they read on screen.
    expect(await emailsFound("aicha ouedr")).toEqual([aicha.email]);
    expect(await emailsFound("  eloise  ")).toEqual([eloise.email]);
  });

  it("takes quotes, `%`, `_` and `\\` literally", async () => {
    expect(await emailsFound("n'guessan")).toEqual([eloise.email]);
    // unaccent folds the typographic apostrophe a phone's keyboard types into the straight one.
    expect(await emailsFound("N’Guessan")).toEqual([eloise.email]);
    expect(await emailsFound('"')).toEqual([]);
    expect(await emailsFound('\'; drop table "user"; --')).toEqual([]);
    // `0%` is "a zero then a percent sign", not "anything with a zero".
    expect(await emailsFound("0%")).toEqual([taux.email]);
    expect(await emailsFound("%")).toEqual([taux.email]);
    // `_` is an underscore, not "any one character".
    expect(await emailsFound("i_m")).toEqual([kofiUnderscore.email]);
    expect(await emailsFound("_")).toEqual([kofiUnderscore.email]);
    expect(await emailsFound("\\")).toEqual([]);
    expect(await emailsFound("kofi%mensah")).toEqual([]);
  });

  it("finds phones by their digits, whatever their spaces, dots or +", async () => {
    expect(await emailsFound("70 12 34")).toEqual([aicha.email]);
    expect(await emailsFound("701234")).toEqual([aicha.email]);
    expect(await emailsFound("+226")).toEqual([aicha.email]);
    expect(await emailsFound("0708")).toEqual([eloise.email]);
    expect(await emailsFound("07 08 09.10")).toEqual([eloise.email]);
    expect(await emailsFound("(228) 90-00")).toEqual([kofiUnderscore.email]);
    // Two digits are too few to mean a phone number ("12" is in Aïcha's).
    expect(await emailsFound("12")).toEqual([]);
    // A term with letters searches names and e-mails only: "Mille1000" has digits in its name.
    expect(await emailsFound("mille1000")).toEqual([mille.email]);
    expect(await emailsFound("1000")).toEqual([mille.email]);
  });

  it("counts and pages what the search finds", async () => {
    const page = await search("kofi", "&pageSize=1&page=2");
    expect(page.total).toBe(2);
    expect(page.items.map((client) => client.email)).toEqual([kofiUnderscore.email]);
  });

  it("refuses a search longer than 100 characters; a blank one lists everyone", async () => {
    const response = await get(`/api/admin/clients?q=${"a".repeat(101)}`);
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).message).toBe("La recherche ne doit pas dépasser 100 caractères");
    expect((await search("   ")).total).toBe(6);
  });
});

describe("GET /api/admin/clients/:id", () => {
  it("gives the client's card, requests, documents and summary", async () => {
    await changeStatus(t, {
      loanId: aichaLoans[0] as number,
      from: "pending",
      to: "approved",
      by: admin.user.id,
      approvedAmount: 1_200_000,
    });
    const uploadId = await uploadFile(t.app, aicha.cookie, pdfFile("Facture"), "facture.pdf");
    const standalone = await t.app.inject({
      method: "POST",
      url: "/api/documents",
      headers: { cookie: aicha.cookie },
      payload: { name: "Facture d'électricité", category: "autre", uploadId },
    });
    expect(standalone.statusCode).toBe(201);
    await setProfile(t, aicha.user.id, {
      address: "Secteur 15, rue 15.23",
      country: "Burkina Faso",
    });

    const response = await get(`/api/admin/clients/${aicha.user.id}`);
    expect(response.statusCode).toBe(200);
    const detail = response.json() as AdminClientDetailJson;
    expect(detail.client).toEqual({
      id: aicha.user.id,
      firstName: "Aïcha",
      lastName: "Ouédraogo",
      email: aicha.email,
      phone: "+226 70 12 34 56",
      address: "Secteur 15, rue 15.23",
      city: "Ouagadougou",
      country: "Burkina Faso",
      postalCode: null,
      createdAt: new Date(base).toISOString(),
      closedAt: null,
    });
    expect(detail.loans.map((loan) => loan.id)).toEqual([aichaLoans[1], aichaLoans[0]]);
    expect(detail.loans[0]).toMatchObject({
      amount: 2_250_000,
      purpose: "Machine à coudre industrielle",
      status: "pending",
      client: { id: aicha.user.id, firstName: "Aïcha", lastName: "Ouédraogo", email: aicha.email },
      assignee: null,
    });
    expect(detail.loans[1]?.status).toBe("approved");
    expect(detail.documents).toHaveLength(7);
    expect(detail.documents[0]).toMatchObject({
      fileName: "Facture d'électricité",
      category: "autre",
      loanId: null,
      fileType: "application/pdf",
    });
    expect(detail.documents.filter((document) => document.loanId === aichaLoans[0])).toHaveLength(
      3,
    );
    expect(detail.summary).toEqual({
      totalLoans: 2,
      totalAmountRequested: 3_750_000,
      statusCounts: {
        pending: 1,
        in_review: 0,
        info_requested: 0,
        approved: 1,
        rejected: 0,
        completed: 0,
      },
      documentCount: 7,
    });
  });

  it("gives a client without requests an empty file with zero counts", async () => {
    const response = await get(`/api/admin/clients/${taux.user.id}`);
    expect(response.statusCode).toBe(200);
    const detail = response.json() as AdminClientDetailJson;
    expect(detail.client.firstName).toBe("Taux");
    expect(detail.client.lastName).toBe("100%");
    expect(detail.loans).toEqual([]);
    expect(detail.documents).toEqual([]);
    expect(detail.summary).toEqual({
      totalLoans: 0,
      totalAmountRequested: 0,
      statusCounts: {
        pending: 0,
        in_review: 0,
        info_requested: 0,
        approved: 0,
        rejected: 0,
        completed: 0,
      },
      documentCount: 0,
    });
  });

  it("marks a replaced version and counts every document kept, as the client's page does", async () => {
    const client = await registerClient(t.app);
    const loanId = await insertLoan(t.app, client.user.id, { status: "in_review" });
    const owner = { userId: client.user.id, loanId };
    const replacedAt = new Date("2026-02-01T10:00:00Z");
    const old = await insertDocument(t.app, owner, { fileName: "cni-floue.jpg", replacedAt });
    const current = await insertDocument(t.app, owner, { fileName: "cni-nette.jpg" });
    await t.database.db.update(documents).set({ replacedBy: current }).where(eq(documents.id, old));
    await insertDocument(t.app, { userId: client.user.id, loanId: null }, { category: "revenu" });

    const response = await get(`/api/admin/clients/${client.user.id}`);
    expect(response.statusCode, response.body).toBe(200);
    const detail = response.json() as AdminClientDetailJson;
    // Every version stays listed (an officer may open the old one), the old one marked replaced.
    expect(detail.documents).toHaveLength(3);
    expect(detail.documents.find((document) => document.id === old)).toMatchObject({
      replacedAt: replacedAt.toISOString(),
      replacedById: current,
    });
    expect(detail.documents.find((document) => document.id === current)?.replacedAt).toBeNull();
    // One rule on every page (documentCountText): every document kept counts, the replaced too,
    // as the client's own page counts them.
    expect(detail.summary.documentCount).toBe(3);
    const own = await t.app.inject({
      method: "GET",
      url: "/api/documents",
      headers: { cookie: client.cookie },
    });
    expect((own.json() as { total: number }).total).toBe(detail.summary.documentCount);
  });

  it("answers 404 'Client introuvable' for a missing, malformed or officer's id", async () => {
    for (const id of [
      "doesnotexist",
      "..%2F..%2Fetc",
      "a".repeat(101),
      "%27%20or%201%3D1",
      encodeURIComponent("é"),
      admin.user.id,
    ]) {
      const response = await get(`/api/admin/clients/${id}`);
      expect(response.statusCode, id).toBe(404);
      expect(errorOf(response).message, id).toBe("Client introuvable");
    }
  });
});
