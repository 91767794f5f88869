import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { contactMessages } from "../../db/schema";
import { apiFixture } from "../../test/api-fixture";
import { createTestApp, nextIp, signedInAdmin, type TestApp } from "../../test/test-app";
import { contactRouteMessages } from "./contact.routes";

const inbox = "boite.contact@horizoncredit.test";

const validMessage = {
  name: "Awa Koné",
  email: "Awa.Kone@Exemple.ci",
  phone: "+225 0708091011",
  subject: "Prêt immobilier",
  message: "Bonjour,\nje souhaite financer l'achat d'un appartement à Cocody.",
};

const {
  t,
  officers: [admin],
  clients: [client],
} = apiFixture({ officers: 1, clients: 1, app: { env: { CONTACT_INBOX: inbox } } });

function send(payload: unknown, ip = nextIp()) {
  return t.app.inject({
    method: "POST",
    url: "/api/contact",
    payload: payload as object,
    remoteAddress: ip,
  });
}

function asAdmin(method: "GET" | "PATCH", url: string, payload?: object) {
  return t.app.inject({ method, url, payload, headers: { cookie: admin.cookie } });
}

async function storedMessages() {
  return t.database.db.select().from(contactMessages);
}

describe("POST /api/contact: validation", () => {
  it("answers 400 with the three French messages for an empty form", async () => {
    const response = await send({});
    expect(response.statusCode).toBe(400);
    const { error } = response.json();
    expect(error.code).toBe("validation_error");
    expect(error.message).toBe("Le nom est obligatoire");
    expect(error.fields).toEqual({
      name: "Le nom est obligatoire",
      email: "Adresse e-mail obligatoire",
      message: "Le message est obligatoire",
    });
  });

  it("treats blank fields as missing", async () => {
    const response = await send({ name: "   ", email: " ", message: "\n\t" });
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json().error.fields).sort()).toEqual(["email", "message", "name"]);
  });

  it("refuses an invalid e-mail address and an invalid phone", async () => {
    const response = await send({ ...validMessage, email: "awa@exemple", phone: "abc" });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields).toEqual({
      email: "Adresse e-mail invalide",
      phone: "Numéro de téléphone invalide",
    });
  });

  it("bounds the lengths of the fields", async () => {
    const response = await send({
      ...validMessage,
      name: "N".repeat(121),
      subject: "S".repeat(151),
      message: "M".repeat(5001),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields).toEqual({
      name: "Ce champ ne doit pas dépasser 120 caractères",
      subject: "Ce champ ne doit pas dépasser 150 caractères",
      message: "Ce champ ne doit pas dépasser 5000 caractères",
    });
  });

  it("answers 400, never 500, to a body that is not an object", async () => {
    const response = await t.app.inject({
      method: "POST",
      url: "/api/contact",
      headers: { "content-type": "application/json" },
      payload: "[1,2]",
      remoteAddress: nextIp(),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toMatch(/Requête invalide/);
  });
});

describe("POST /api/contact: storing and mailing", () => {
  it("stores the message unread with the sender's address, then mails it to CONTACT_INBOX", async () => {
    const before = (await t.outbox()).length;
    const response = await send(validMessage, "10.200.0.1");
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({ ok: true });

    const [row] = await t.database.db
      .select()
      .from(contactMessages)
      .where(eq(contactMessages.ip, "10.200.0.1"));
    expect(row).toMatchObject({
      name: "Awa Koné",
      email: "awa.kone@exemple.ci",
      phone: "+225 0708091011",
      subject: "Prêt immobilier",
      status: "unread",
      readAt: null,
    });

    const mails = await t.outbox();
    expect(mails.length).toBe(before + 1);
    const mail = mails.at(-1)?.content ?? "";
    expect(mail).toContain(`To: ${inbox}`);
    expect(mail).toContain("Reply-To: awa.kone@exemple.ci");
    expect(mail).toContain(`/admin/messages?message=3D${row?.id}`);
  });

  it("keeps the message when the mail cannot be sent", async () => {
    const failing = await createTestApp({ env: { CONTACT_INBOX: inbox } });
    try {
      // A file where the outbox directory should be: every mail fails.
      writeFileSync(join(failing.dataDir, "outbox"), "");
      const response = await failing.app.inject({
        method: "POST",
        url: "/api/contact",
        payload: validMessage,
        remoteAddress: nextIp(),
      });
      expect(response.statusCode).toBe(201);
      expect(await failing.outbox()).toEqual([]);
      const rows = await failing.database.db.select().from(contactMessages);
      expect(rows).toHaveLength(1);
      expect(rows[0]?.status).toBe("unread");
    } finally {
      await failing.close();
    }
  });

  it("answers a filled honeypot like a success but keeps and sends nothing", async () => {
    const rowsBefore = (await storedMessages()).length;
    const mailsBefore = (await t.outbox()).length;
    const response = await send({ ...validMessage, website: "http://spam.example" });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({ ok: true });
    expect(await storedMessages()).toHaveLength(rowsBefore);
    expect(await t.outbox()).toHaveLength(mailsBefore);
  });
});

describe("POST /api/contact: rate limit", () => {
  it("accepts five messages per address in ten minutes, then answers 429 in French", async () => {
    const ip = nextIp();
    for (let i = 0; i < 5; i += 1) {
      expect((await send(validMessage, ip)).statusCode).toBe(201);
    }
    const refused = await send(validMessage, ip);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error).toEqual({
      code: "rate_limited",
      message: contactRouteMessages.tooMany,
    });
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
    // Another address is not affected.
    expect((await send(validMessage)).statusCode).toBe(201);
  });

  it("is switched off by RATE_LIMIT_DISABLED=true", async () => {
    const open = await createTestApp({ env: { RATE_LIMIT_DISABLED: "true" } });
    try {
      for (let i = 0; i < 7; i += 1) {
        const response = await open.app.inject({
          method: "POST",
          url: "/api/contact",
          payload: validMessage,
          remoteAddress: "10.9.9.9",
        });
        expect(response.statusCode).toBe(201);
      }
    } finally {
      await open.close();
    }
  });
});

describe("admin inbox: access", () => {
  const routes = [
    { method: "GET", url: "/api/admin/messages" },
    { method: "GET", url: "/api/admin/messages/unread-count" },
    { method: "GET", url: "/api/admin/messages/1" },
    { method: "PATCH", url: "/api/admin/messages/1", payload: { status: "read" } },
  ] as const;

  it.each(routes)("$method $url answers 401 to an anonymous visitor", async (route) => {
    const response = await t.app.inject({ ...route });
    expect(response.statusCode).toBe(401);
    expect(response.json().error.message).toBe("Vous devez être connecté");
  });

  it.each(routes)("$method $url answers 403 to a client", async (route) => {
    const response = await t.app.inject({ ...route, headers: { cookie: client.cookie } });
    expect(response.statusCode).toBe(403);
    expect(response.json().error.message).toBe("Accès réservé aux administrateurs");
  });

  it("lets an administrator in", async () => {
    expect((await asAdmin("GET", "/api/admin/messages")).statusCode).toBe(200);
    expect((await asAdmin("GET", "/api/admin/messages/unread-count")).statusCode).toBe(200);
  });
});

describe("admin inbox: reading and filing", () => {
  let id: number;

  beforeEach(async () => {
    const [row] = await t.database.db
      .insert(contactMessages)
      .values({ name: "Kofi Mensah", email: "kofi@exemple.tg", message: "Bonjour depuis Lomé" })
      .returning();
    id = row?.id ?? 0;
  });

  it("opens a message in full, marks it read and sets read_at", async () => {
    const countBefore = (await asAdmin("GET", "/api/admin/messages/unread-count")).json().count;
    const response = await asAdmin("GET", `/api/admin/messages/${id}`);
    expect(response.statusCode).toBe(200);
    const { message } = response.json();
    expect(message).toMatchObject({
      id,
      name: "Kofi Mensah",
      email: "kofi@exemple.tg",
      phone: "",
      subject: "",
      message: "Bonjour depuis Lomé",
      status: "read",
    });
    expect(message).not.toHaveProperty("ip");
    expect(Date.parse(message.readAt)).not.toBeNaN();
    const countAfter = (await asAdmin("GET", "/api/admin/messages/unread-count")).json().count;
    expect(countAfter).toBe(countBefore - 1);

    // Opening it again keeps the first reading time.
    const again = (await asAdmin("GET", `/api/admin/messages/${id}`)).json().message;
    expect(again.readAt).toBe(message.readAt);
  });

  it("marks a message unread (clearing read_at), read, and archived", async () => {
    await asAdmin("GET", `/api/admin/messages/${id}`);
    const unread = await asAdmin("PATCH", `/api/admin/messages/${id}`, { status: "unread" });
    expect(unread.statusCode).toBe(200);
    expect(unread.json().message).toMatchObject({ status: "unread", readAt: null });

    const read = await asAdmin("PATCH", `/api/admin/messages/${id}`, { status: "read" });
    expect(read.json().message.status).toBe("read");
    expect(read.json().message.readAt).not.toBeNull();

    const archived = await asAdmin("PATCH", `/api/admin/messages/${id}`, { status: "archived" });
    expect(archived.json().message).toMatchObject({ status: "archived" });
    expect(archived.json().message.readAt).toBe(read.json().message.readAt);

    // Opening an archived message leaves it archived.
    const opened = await asAdmin("GET", `/api/admin/messages/${id}`);
    expect(opened.json().message.status).toBe("archived");
  });

  it("archives an unopened message and records when it was handled", async () => {
    const archived = await asAdmin("PATCH", `/api/admin/messages/${id}`, { status: "archived" });
    expect(archived.json().message.status).toBe("archived");
    expect(archived.json().message.readAt).not.toBeNull();
  });

  it("answers 400 to a bad status or a bad id, 404 to an unknown id, in French", async () => {
    const badStatus = await asAdmin("PATCH", `/api/admin/messages/${id}`, { status: "deleted" });
    expect(badStatus.statusCode).toBe(400);
    expect(badStatus.json().error.fields).toEqual({ status: contactRouteMessages.invalidStatus });

    const noStatus = await asAdmin("PATCH", `/api/admin/messages/${id}`, {});
    expect(noStatus.statusCode).toBe(400);

    for (const badId of ["abc", "0", "-1", "1.5", "99999999999"]) {
      const response = await asAdmin("GET", `/api/admin/messages/${badId}`);
      expect(response.statusCode, badId).toBe(400);
      expect(response.json().error.message).toBe(contactRouteMessages.invalidId);
    }

    const missing = await asAdmin("GET", "/api/admin/messages/987654");
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.message).toBe("Message introuvable");
    const missingPatch = await asAdmin("PATCH", "/api/admin/messages/987654", { status: "read" });
    expect(missingPatch.statusCode).toBe(404);
  });
});

describe("admin inbox: list", () => {
  let listApp: TestApp;
  let cookie: string;

  beforeAll(async () => {
    listApp = await createTestApp();
    cookie = (await signedInAdmin(listApp.app)).cookie;
    // 25 messages, one a minute: #1 is the oldest. #3 is read, #4 archived.
    const start = Date.UTC(2026, 10, 2, 8, 0, 0);
    await listApp.database.db.insert(contactMessages).values(
      Array.from({ length: 25 }, (_, index) => ({
        name: `Expéditeur ${index + 1}`,
        email: `expediteur${index + 1}@exemple.sn`,
        message: `Message numéro ${index + 1} `.repeat(index === 0 ? 40 : 1),
        status:
          index === 2
            ? ("read" as const)
            : index === 3
              ? ("archived" as const)
              : ("unread" as const),
        createdAt: new Date(start + index * 60_000),
      })),
    );
  });

  afterAll(async () => {
    await listApp?.close();
  });

  function list(query = "") {
    return listApp.app.inject({
      method: "GET",
      url: `/api/admin/messages${query}`,
      headers: { cookie },
    });
  }

  it("lists the inbox newest first, 20 per page, with the total, archived messages aside", async () => {
    const first = await list();
    expect(first.statusCode).toBe(200);
    const body = first.json();
    expect(body).toMatchObject({ total: 24, page: 1, pageSize: 20, pageCount: 2 });
    expect(first.headers["x-total-count"]).toBe("24");
    expect(body.messages).toHaveLength(20);
    expect(body.messages[0].name).toBe("Expéditeur 25");
    expect(body.messages[19].name).toBe("Expéditeur 6");
    expect(body.messages[0]).not.toHaveProperty("message");

    const second = (await list("?page=2")).json();
    expect(second.messages.map((m: { name: string }) => m.name)).toEqual([
      "Expéditeur 5",
      "Expéditeur 3",
      "Expéditeur 2",
      "Expéditeur 1",
    ]);
    // The list carries only the start of a long message.
    expect(second.messages[3].preview.length).toBe(160);

    const beyond = (await list("?page=9")).json();
    expect(beyond).toMatchObject({ messages: [], total: 24, page: 9 });
  });

  it("filters by status", async () => {
    const unread = (await list("?status=unread")).json();
    expect(unread.total).toBe(23);
    expect(unread.messages.every((m: { status: string }) => m.status === "unread")).toBe(true);

    const read = (await list("?status=read")).json();
    expect(read.messages.map((m: { name: string }) => m.name)).toEqual(["Expéditeur 3"]);

    const archived = (await list("?status=archived")).json();
    expect(archived.messages.map((m: { name: string }) => m.name)).toEqual(["Expéditeur 4"]);

    const count = await listApp.app.inject({
      method: "GET",
      url: "/api/admin/messages/unread-count",
      headers: { cookie },
    });
    expect(count.json()).toEqual({ count: 23 });
  });

  it("answers 400 in French to a bad status or page", async () => {
    const status = await list("?status=spam");
    expect(status.statusCode).toBe(400);
    expect(status.json().error.message).toBe(contactRouteMessages.invalidStatus);
    for (const page of ["0", "-2", "abc", "1.5"]) {
      const response = await list(`?page=${page}`);
      expect(response.statusCode, page).toBe(400);
      expect(response.json().error.message).toBe(contactRouteMessages.invalidPage);
    }
  });
});
