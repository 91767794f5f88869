import { randomUUID } from "node:crypto";
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { and, count, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { loanMessages } from "../../../domain/api/loans";
import { invalidPageMessage } from "../../../domain/api/page";
import { fileMessages } from "../../../domain/file-type";
import { tooLong } from "../../../domain/schemas/fields";
import { loanDocumentMessages } from "../../../domain/schemas/loan-request";
import { documents, loanActivities, loanNotes, loanRequests, uploads } from "../../db/schema";
import { messages } from "../../http/app-error";
import { apiFixture } from "../../test/api-fixture";
import {
  createUpload,
  errorOf,
  registerClient,
  signedInAdmin,
  type TestClient,
  uploadFile,
} from "../../test/test-app";
import { jpegFile, pdfFile, pngFile } from "../../test/test-files";

type Client = TestClient;
type DocumentIds = { identite: string; revenu: string; banque: string };

const {
  t,
  clients: [alice, bruno],
} = apiFixture({ clients: 2 });

const step1Messages = {
  loanType: "Veuillez sélectionner un type de prêt",
  amount: "Veuillez entrer un montant valide",
  durationMonths: "Veuillez entrer une durée valide",
  purpose: "Veuillez décrire l'objet du prêt",
  monthlyIncome: "Veuillez entrer un revenu mensuel valide",
};
const submissionKeyMessage = "Clé de soumission invalide : rechargez la page.";

/** The three documents of a request, uploaded as the wizard does. */
async function threeUploads(client: Client): Promise<DocumentIds> {
  return {
    identite: await uploadFile(t.app, client.cookie, jpegFile(), "cni-recto.jpg"),
    revenu: await uploadFile(t.app, client.cookie, pdfFile("Bulletin de salaire"), "salaire.pdf"),
    banque: await uploadFile(t.app, client.cookie, pngFile(), "releve.png"),
  };
}

function loanPayload(documentIds: DocumentIds | object, submissionKey: string = randomUUID()) {
  return {
    loanType: "business",
    amount: 2_500_000,
    durationMonths: 24,
    purpose: "Achat d'un second four pour la boulangerie",
    description: "  Boulangerie à Treichville, ouverte depuis 2019.  ",
    monthlyIncome: 450_000.4,
    documents: documentIds,
    submissionKey,
  };
}

function submit(client: { cookie: string } | null, payload: unknown) {
  return t.app.inject({
    method: "POST",
    url: "/api/loans",
    headers: client ? { cookie: client.cookie } : {},
    payload: payload as object,
  });
}

function read(client: { cookie: string } | null, url: string) {
  return t.app.inject({ url, headers: client ? { cookie: client.cookie } : {} });
}

function addNote(client: { cookie: string } | null, loanId: number | string, payload: unknown) {
  return t.app.inject({
    method: "POST",
    url: `/api/loans/${loanId}/notes`,
    headers: client ? { cookie: client.cookie } : {},
    payload: payload as object,
  });
}

async function loansOf(client: Client) {
  return t.database.db.select().from(loanRequests).where(eq(loanRequests.userId, client.user.id));
}

async function documentsOf(client: Client) {
  return t.database.db.select().from(documents).where(eq(documents.userId, client.user.id));
}

async function uploadRows(ids: DocumentIds) {
  const rows = await t.database.db.select().from(uploads);
  const wanted = Object.values(ids);
  return rows.filter((row) => wanted.includes(row.id)).sort((a, b) => a.id.localeCompare(b.id));
}

async function totalActivities() {
  const [row] = await t.database.db.select({ total: count() }).from(loanActivities);
  return Number(row?.total ?? 0);
}

describe("POST /api/loans: validation, in the spec's order", () => {
  it("answers an empty form with every message of step 1, the documents and the key", async () => {
    const response = await submit(alice, {});
    expect(response.statusCode).toBe(400);
    const error = errorOf(response);
    expect(error.code).toBe("validation_error");
    expect(error.message).toBe(step1Messages.loanType);
    expect(error.fields).toEqual({
      loanType: step1Messages.loanType,
      amount: step1Messages.amount,
      durationMonths: step1Messages.durationMonths,
      purpose: step1Messages.purpose,
      documents: loanDocumentMessages.identite,
      submissionKey: submissionKeyMessage,
    });
    expect(Object.keys(error.fields ?? {})).toEqual([
      "loanType",
      "amount",
      "durationMonths",
      "purpose",
      "documents",
      "submissionKey",
    ]);
  });

  it("gives each field of step 1 its own message", async () => {
    const valid = loanPayload({
      identite: "a".repeat(32),
      revenu: "b".repeat(32),
      banque: "c".repeat(32),
    });
    const cases: Array<[Record<string, unknown>, Record<string, string>]> = [
      [{ loanType: "" }, { loanType: step1Messages.loanType }],
      [{ loanType: "voiture" }, { loanType: step1Messages.loanType }],
      [{ amount: 0 }, { amount: step1Messages.amount }],
      [{ amount: -5000 }, { amount: step1Messages.amount }],
      // Rounded to whole francs, it would be 0.
      [{ amount: 0.4 }, { amount: step1Messages.amount }],
      [{ amount: "beaucoup" }, { amount: step1Messages.amount }],
      [{ amount: 10_000_000_001 }, { amount: step1Messages.amount }],
      [{ amount: "Infinity" }, { amount: step1Messages.amount }],
      [{ durationMonths: 0 }, { durationMonths: step1Messages.durationMonths }],
      [{ durationMonths: 12.5 }, { durationMonths: step1Messages.durationMonths }],
      [{ durationMonths: 361 }, { durationMonths: step1Messages.durationMonths }],
      [{ durationMonths: "un an" }, { durationMonths: step1Messages.durationMonths }],
      [{ purpose: "" }, { purpose: step1Messages.purpose }],
      [{ purpose: " \n\t " }, { purpose: step1Messages.purpose }],
      [{ purpose: 12 }, { purpose: step1Messages.purpose }],
      [{ purpose: "P".repeat(501) }, { purpose: tooLong(500) }],
      [{ description: "D".repeat(5001) }, { description: tooLong(5000) }],
      [{ monthlyIncome: -1 }, { monthlyIncome: step1Messages.monthlyIncome }],
      [{ monthlyIncome: "sans" }, { monthlyIncome: step1Messages.monthlyIncome }],
      [{ monthlyIncome: 10_000_000_001 }, { monthlyIncome: step1Messages.monthlyIncome }],
      [{ submissionKey: "pas-une-cle" }, { submissionKey: submissionKeyMessage }],
    ];
    for (const [change, fields] of cases) {
      const response = await submit(alice, { ...valid, ...change });
      expect(response.statusCode, JSON.stringify(change)).toBe(400);
      expect(errorOf(response).fields, JSON.stringify(change)).toEqual(fields);
    }
    expect(await loansOf(alice)).toHaveLength(0);
  });

  it("asks for each of the three documents when missing or malformed", async () => {
    const none = await submit(alice, loanPayload({}));
    expect(none.statusCode).toBe(400);
    expect(errorOf(none).message).toBe(loanDocumentMessages.identite);
    expect(errorOf(none).fields).toEqual({
      "documents.identite": loanDocumentMessages.identite,
      "documents.revenu": loanDocumentMessages.revenu,
      "documents.banque": loanDocumentMessages.banque,
    });

    const malformed = await submit(
      alice,
      loanPayload({ identite: "a".repeat(32), revenu: "../../etc/passwd", banque: 42 }),
    );
    expect(errorOf(malformed).fields).toEqual({
      "documents.revenu": loanDocumentMessages.revenu,
      "documents.banque": loanDocumentMessages.banque,
    });

    const notAnObject = await submit(alice, loanPayload("trois fichiers" as unknown as object));
    expect(errorOf(notAnObject).fields).toEqual({ documents: loanDocumentMessages.identite });
  });

  it("answers 400 in French, never 500, to a body that is not a JSON object", async () => {
    for (const payload of ["[1]", '"texte"', "null"]) {
      const response = await t.app.inject({
        method: "POST",
        url: "/api/loans",
        headers: { cookie: alice.cookie, "content-type": "application/json" },
        payload,
      });
      expect(response.statusCode, payload).toBe(400);
    }
    const broken = await t.app.inject({
      method: "POST",
      url: "/api/loans",
      headers: { cookie: alice.cookie, "content-type": "application/json" },
      payload: "{",
    });
    expect(errorOf(broken).message).toBe(messages.invalidJson);
  });
});

describe("POST /api/loans: creating a request with its three documents", () => {
  it("creates the request pending, takes the three uploads and opens its history", async () => {
    const ids = await threeUploads(alice);
    const response = await submit(alice, loanPayload(ids));
    expect(response.statusCode).toBe(201);
    const { loan } = response.json();
    expect(loan).toMatchObject({
      id: expect.any(Number),
      loanType: "business",
      amount: 2_500_000,
      durationMonths: 24,
      purpose: "Achat d'un second four pour la boulangerie",
      description: "Boulangerie à Treichville, ouverte depuis 2019.",
      monthlyIncome: 450_000,
      status: "pending",
      rejectionReason: null,
      approvedAmount: null,
      interestRate: null,
      monthlyPayment: null,
    });
    expect(loan.documents).toEqual([
      expect.objectContaining({
        category: "identite",
        fileName: "cni-recto.jpg",
        fileType: "image/jpeg",
        loanId: loan.id,
        loanStatus: "pending",
      }),
      expect.objectContaining({
        category: "revenu",
        fileName: "salaire.pdf",
        fileType: "application/pdf",
      }),
      expect.objectContaining({
        category: "banque",
        fileName: "releve.png",
        fileType: "image/png",
      }),
    ]);
    // Newest first: one transaction, so in the order they were written, the creation last.
    expect(
      loan.activities.map(
        (activity: { type: string; oldValue: string | null; newValue: string }) => [
          activity.type,
          activity.oldValue,
          activity.newValue,
        ],
      ),
    ).toEqual([
      ["document_added", null, "banque"],
      ["document_added", null, "revenu"],
      ["document_added", null, "identite"],
      ["status_change", null, "pending"],
    ]);
    expect(loan.activities[0]).toMatchObject({
      documentName: "releve.png",
      author: { role: "client" },
    });

    // The uploads are the documents now: no upload row left, the files kept under their keys.
    expect(await uploadRows(ids)).toEqual([]);
    const rows = await t.database.db.select().from(documents).where(eq(documents.loanId, loan.id));
    expect(rows.map((row) => row.storageKey).sort()).toEqual(Object.values(ids).sort());
    const stored = readdirSync(join(t.dataDir, "uploads"));
    for (const id of Object.values(ids)) expect(stored).toContain(id);

    const again = await read(alice, `/api/loans/${loan.id}`);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ loan });
  });

  it("refuses a NUL in the texts with a French 400, creating nothing (the forms drop it)", async () => {
    const ids = await threeUploads(alice);
    const before = (await loansOf(alice)).length;
    const response = await submit(alice, {
      ...loanPayload(ids),
      purpose: "Fonds de roulement\u0000",
      description: "\u0000",
    });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response)).toEqual({ code: "nul_character", message: messages.nulCharacter });
    expect(await loansOf(alice)).toHaveLength(before);
    // The same texts without it are taken, on the same uploads.
    const clean = await submit(alice, { ...loanPayload(ids), purpose: "Fonds de roulement" });
    expect(clean.statusCode).toBe(201);
  });

  it("refuses uploads already taken, unfinished, or the same one twice, keeping nothing", async () => {
    const loansBefore = (await loansOf(alice)).length;
    const activitiesBefore = await totalActivities();
    const [{ id: takenId } = { id: "" }] = await t.database.db
      .select({ id: documents.storageKey })
      .from(documents)
      .where(eq(documents.userId, alice.user.id))
      .limit(1);

    const fresh = await threeUploads(alice);
    const taken = await submit(alice, loanPayload({ ...fresh, identite: takenId }));
    expect(taken.statusCode).toBe(404);
    expect(errorOf(taken)).toMatchObject({
      message: fileMessages.uploadNotFound,
      fields: { "documents.identite": fileMessages.uploadNotFound },
    });

    const { path } = await createUpload(t.app, alice.cookie, { size: 5000 });
    const unfinished = await submit(
      alice,
      loanPayload({ ...fresh, revenu: path?.split("/").pop() ?? "" }),
    );
    expect(unfinished.statusCode).toBe(400);
    expect(errorOf(unfinished).fields).toEqual({
      "documents.revenu": fileMessages.uploadIncomplete,
    });

    const twice = await submit(alice, loanPayload({ ...fresh, revenu: fresh.identite }));
    expect(twice.statusCode).toBe(404);
    expect(errorOf(twice).fields).toEqual({ "documents.revenu": fileMessages.uploadNotFound });

    // The identity upload, taken then given back by each rollback, is still there.
    expect(await uploadRows(fresh)).toHaveLength(3);
    expect(await loansOf(alice)).toHaveLength(loansBefore);
    expect(await totalActivities()).toBe(activitiesBefore);
  });
});

describe("POST /api/loans: a double submit creates one request", () => {
  it("answers a repeated key with the request it created (201, then 200)", async () => {
    const ids = await threeUploads(alice);
    const key = randomUUID();
    const first = await submit(alice, loanPayload(ids, key));
    const second = await submit(alice, loanPayload(ids, key));
    expect(first.statusCode).toBe(201);
    expect(second.statusCode).toBe(200);
    expect(second.json().loan.id).toBe(first.json().loan.id);
    expect(second.json().loan.documents).toHaveLength(3);
    const rows = await t.database.db
      .select()
      .from(loanRequests)
      .where(and(eq(loanRequests.userId, alice.user.id), eq(loanRequests.submissionKey, key)));
    expect(rows).toHaveLength(1);
  });

  it("creates one request for two submissions at once, both answered with it, no 500", async () => {
    const ids = await threeUploads(alice);
    const key = randomUUID();
    const answers = await Promise.all([
      submit(alice, loanPayload(ids, key)),
      submit(alice, loanPayload(ids, key)),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 201]);
    const [a, b] = answers.map((answer) => answer.json().loan);
    expect(a.id).toBe(b.id);
    const rows = await t.database.db
      .select()
      .from(loanRequests)
      .where(and(eq(loanRequests.userId, alice.user.id), eq(loanRequests.submissionKey, key)));
    expect(rows).toHaveLength(1);
    const attached = await t.database.db.select().from(documents).where(eq(documents.loanId, a.id));
    expect(attached).toHaveLength(3);
    const history = await t.database.db
      .select()
      .from(loanActivities)
      .where(eq(loanActivities.loanId, a.id));
    expect(history).toHaveLength(4);
  });

  it("keeps one key per client: another client's request with the same key is its own", async () => {
    const key = randomUUID();
    const mine = await submit(alice, loanPayload(await threeUploads(alice), key));
    const theirs = await submit(bruno, loanPayload(await threeUploads(bruno), key));
    expect(mine.statusCode).toBe(201);
    expect(theirs.statusCode).toBe(201);
    expect(theirs.json().loan.id).not.toBe(mine.json().loan.id);
  });
});

describe("POST /api/loans: a failure between the request and its documents", () => {
  it("keeps nothing (no request, document, activity or orphan file), and the same retry succeeds", async () => {
    const erin = await registerClient(t.app);
    const ids = await threeUploads(erin);
    const key = randomUUID();
    const uploadsBefore = await uploadRows(ids);
    const activitiesBefore = await totalActivities();

    // The storage fails on the third document, once the request and two documents are written.
    await t.database.db.execute(
      sql.raw(`
        create function fail_bank_statement() returns trigger language plpgsql as $$
        begin
          if new.category = 'banque' then raise exception 'panne simulée du stockage'; end if;
          return new;
        end $$`),
    );
    await t.database.db.execute(
      sql.raw(`
        create trigger fail_bank_statement before insert on documents
          for each row execute function fail_bank_statement()`),
    );
    try {
      const failed = await submit(erin, loanPayload(ids, key));
      expect(failed.statusCode).toBe(500);
      expect(errorOf(failed)).toEqual({ code: "internal_error", message: messages.internal });
      expect(failed.body).not.toContain("panne");
    } finally {
      await t.database.db.execute(sql.raw("drop trigger fail_bank_statement on documents"));
      await t.database.db.execute(sql.raw("drop function fail_bank_statement()"));
    }

    expect(await loansOf(erin)).toEqual([]);
    expect(await documentsOf(erin)).toEqual([]);
    expect(await totalActivities()).toBe(activitiesBefore);
    // The uploads are untouched: still Erin's, finished, to retry with.
    expect(await uploadRows(ids)).toEqual(uploadsBefore);
    // No file without a row: each file in the storage (and tus's .json beside it) is a pending
    // upload's or a document's, and Erin's three are still there.
    const keys = new Set(
      [
        ...(await t.database.db.select({ key: uploads.storageKey }).from(uploads)),
        ...(await t.database.db.select({ key: documents.storageKey }).from(documents)),
      ].map(({ key }) => key),
    );
    const onDisk = readdirSync(join(t.dataDir, "uploads"));
    expect(onDisk.filter((file) => !keys.has(file.replace(/\.json$/, "")))).toEqual([]);
    for (const id of Object.values(ids))
      expect(onDisk).toEqual(expect.arrayContaining([id, `${id}.json`]));

    const retried = await submit(erin, loanPayload(ids, key));
    expect(retried.statusCode).toBe(201);
    expect(retried.json().loan.documents).toHaveLength(3);
    expect(await uploadRows(ids)).toEqual([]);
  });
});

describe("GET /api/loans/:id and notes", () => {
  let loanId: number;

  beforeAll(async () => {
    const created = await submit(alice, loanPayload(await threeUploads(alice)));
    loanId = created.json().loan.id;
  });

  it("adds a client's note to the request's history and the officers' notes", async () => {
    const before = (await read(alice, `/api/loans/${loanId}`)).json().loan;
    const response = await addNote(alice, loanId, {
      note: "  J'ai ajouté mon dernier bulletin.  ",
    });
    expect(response.statusCode).toBe(201);
    const { activity } = response.json();
    expect(activity).toMatchObject({
      id: expect.any(Number),
      type: "comment",
      comment: "J'ai ajouté mon dernier bulletin.",
      oldValue: null,
      newValue: null,
      documentName: null,
      author: { role: "client" },
    });
    const after = (await read(alice, `/api/loans/${loanId}`)).json().loan;
    expect(after.activities[0]).toEqual(activity);
    expect(Date.parse(after.updatedAt)).toBeGreaterThanOrEqual(Date.parse(before.updatedAt));
    const notes = await t.database.db.select().from(loanNotes).where(eq(loanNotes.loanId, loanId));
    expect(notes.map((note) => note.note)).toEqual(["J'ai ajouté mon dernier bulletin."]);
  });

  it("answers an empty, blank or too long note with its French message", async () => {
    for (const [payload, message] of [
      [{}, "Veuillez entrer une note"],
      [{ note: "   " }, "Veuillez entrer une note"],
      [{ note: 5 }, "Veuillez entrer une note"],
      [{ note: "N".repeat(5001) }, tooLong(5000)],
    ] as const) {
      const response = await addNote(alice, loanId, payload);
      expect(response.statusCode).toBe(400);
      expect(errorOf(response).fields).toEqual({ note: message });
    }
  });

  it("hides the officers' work from the client: assignments and their own notes", async () => {
    const admin = await signedInAdmin(t.app);
    await t.database.db.insert(loanActivities).values([
      { loanId, type: "assignment", newValue: admin.user.id, createdBy: admin.user.id },
      { loanId, type: "comment", comment: "Vérifier l'employeur", createdBy: admin.user.id },
    ]);
    const loan = (await read(alice, `/api/loans/${loanId}`)).json().loan;
    const types = loan.activities.map((activity: { type: string }) => activity.type);
    expect(types).not.toContain("assignment");
    expect(JSON.stringify(loan)).not.toContain("Vérifier l'employeur");
  });

  it("answers 404 to malformed and unknown ids, never 500", async () => {
    for (const id of ["abc", "0", "-1", "1.5", "2147483648", "99999999999", "99999"]) {
      const response = await read(alice, `/api/loans/${id}`);
      expect(response.statusCode, id).toBe(404);
      expect(errorOf(response).message).toBe(loanMessages.notFound);
      expect((await addNote(alice, id, { note: "Bonjour" })).statusCode, id).toBe(404);
    }
  });
});

describe("loans: who may see and touch them", () => {
  let loanId: number;

  beforeAll(async () => {
    const created = await submit(alice, loanPayload(await threeUploads(alice)));
    loanId = created.json().loan.id;
  });

  it("answers 401 to anonymous requests on every route", async () => {
    const unauthenticated = { code: "unauthenticated", message: "Vous devez être connecté" };
    for (const response of [
      await submit(null, loanPayload(await threeUploads(alice))),
      await read(null, "/api/loans"),
      await read(null, `/api/loans/${loanId}`),
      await addNote(null, loanId, { note: "Bonjour" }),
    ]) {
      expect(response.statusCode).toBe(401);
      expect(errorOf(response)).toEqual(unauthenticated);
    }
  });

  it("answers 404 to another client reading the request or adding a note to it", async () => {
    const response = await read(bruno, `/api/loans/${loanId}`);
    expect(response.statusCode).toBe(404);
    expect(errorOf(response)).toEqual({ code: "not_found", message: loanMessages.notFound });
    const note = await addNote(bruno, loanId, { note: "Je regarde" });
    expect(note.statusCode).toBe(404);
    expect(errorOf(note).message).toBe(loanMessages.notFound);
    const notes = await t.database.db.select().from(loanNotes).where(eq(loanNotes.loanId, loanId));
    expect(notes).toEqual([]);
    const list = (await read(bruno, "/api/loans")).json();
    expect(list.items.map((item: { id: number }) => item.id)).not.toContain(loanId);
  });

  it("answers 404 to another client submitting the client's uploads, which stay hers", async () => {
    const ids = await threeUploads(alice);
    const before = await uploadRows(ids);
    const brunoLoans = (await loansOf(bruno)).length;
    const response = await submit(bruno, loanPayload(ids));
    expect(response.statusCode).toBe(404);
    expect(errorOf(response).fields).toEqual({
      "documents.identite": fileMessages.uploadNotFound,
    });
    expect(await uploadRows(ids)).toEqual(before);
    expect(await loansOf(bruno)).toHaveLength(brunoLoans);
    expect((await submit(alice, loanPayload(ids))).statusCode).toBe(201);
  });
});

describe("GET /api/loans: pages", () => {
  let dora: Client;

  beforeAll(async () => {
    dora = await registerClient(t.app);
    // 12 requests, one a day: #1 is the oldest.
    const start = Date.UTC(2026, 8, 1, 9, 0, 0);
    await t.database.db.insert(loanRequests).values(
      Array.from({ length: 12 }, (_, index) => ({
        userId: dora.user.id,
        loanType: "personal" as const,
        amount: 100_000 * (index + 1),
        durationMonths: 12,
        purpose: `Demande ${index + 1}`,
        createdAt: new Date(start + index * 86_400_000),
      })),
    );
  });

  const purposes = (response: { json(): { items: Array<{ purpose: string }> } }) =>
    response.json().items.map((item) => item.purpose);

  it("lists the client's own requests, newest first, 10 a page, with the total", async () => {
    const first = await read(dora, "/api/loans");
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ total: 12, page: 1, pageSize: 10 });
    expect(purposes(first)).toHaveLength(10);
    expect(purposes(first)[0]).toBe("Demande 12");
    expect(first.json().items[0]).toEqual({
      id: expect.any(Number),
      loanType: "personal",
      amount: 1_200_000,
      durationMonths: 12,
      purpose: "Demande 12",
      status: "pending",
      office: "abidjan",
      createdAt: new Date(Date.UTC(2026, 8, 12, 9, 0, 0)).toISOString(),
    });
    expect(purposes(await read(dora, "/api/loans?page=2"))).toEqual(["Demande 2", "Demande 1"]);
    expect(purposes(await read(dora, "/api/loans?page=2&pageSize=5"))).toEqual([
      "Demande 7",
      "Demande 6",
      "Demande 5",
      "Demande 4",
      "Demande 3",
    ]);
    expect((await read(dora, "/api/loans?page=5")).json()).toEqual({
      items: [],
      total: 12,
      page: 5,
      pageSize: 10,
    });
  });

  it("answers 400 in French to an invalid page or page size", async () => {
    for (const page of ["0", "-3", "deux", "1.5"]) {
      const response = await read(dora, `/api/loans?page=${page}`);
      expect(response.statusCode, page).toBe(400);
      expect(errorOf(response).message).toBe(invalidPageMessage);
    }
    for (const size of ["0", "101", "dix"]) {
      const response = await read(dora, `/api/loans?pageSize=${size}`);
      expect(response.statusCode, size).toBe(400);
      expect(errorOf(response).message).toBe("Taille de page invalide");
    }
  });
});
