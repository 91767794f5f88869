import { eq } from "drizzle-orm";
import pino from "pino";
import { describe, expect, it } from "vitest";
import type { Db } from "../db/client";
import { mailOutbox } from "../db/schema";
import { apiFixture } from "../test/api-fixture";
import type { Mailer, MailMessage } from "./mailer";
import { claimMs, dispatchOutbox, enqueueMail, maxAttempts, retryDelayMs } from "./outbox";

const logger = pino({ level: "silent" });

const { t } = apiFixture();

function recordingMailer(fail: () => boolean): Mailer & { sent: MailMessage[] } {
  const sent: MailMessage[] = [];
  return {
    sent,
    async send(message) {
      if (fail()) throw new Error("ECONNREFUSED 127.0.0.1:25");
      sent.push(message);
    },
  };
}

async function queue(topic: string) {
  await enqueueMail(t.app.deps.db as Db, {
    to: "client@exemple.ci",
    topic,
    mail: { subject: "Sujet", text: "Texte", html: "<p>Texte</p>" },
  });
  const [row] = await t.app.deps.db.select().from(mailOutbox).where(eq(mailOutbox.topic, topic));
  if (!row) throw new Error("not queued");
  return row;
}

const at = (ms: number) => new Date(Date.now() + ms);

describe("retryDelayMs", () => {
  it("doubles from 30 s and stops at 6 h", () => {
    expect([1, 2, 3, 4].map(retryDelayMs)).toEqual([30_000, 60_000, 120_000, 240_000]);
    expect(retryDelayMs(30)).toBe(6 * 60 * 60 * 1000);
  });
});

describe("dispatchOutbox", () => {
  it("retries with backoff, then sets the mail aside after the last attempt", async () => {
    const row = await queue("backoff");
    const mailer = recordingMailer(() => true);
    let now = at(0);
    for (let attempt = 1; attempt <= maxAttempts; attempt += 1) {
      expect(await dispatchOutbox({ db: t.app.deps.db, mailer, logger, now })).toBe(0);
      const [after] = await t.app.deps.db
        .select()
        .from(mailOutbox)
        .where(eq(mailOutbox.id, row.id));
      expect(after?.attempts).toBe(attempt);
      expect(after?.lastError).toContain("ECONNREFUSED");
      if (attempt < maxAttempts) {
        expect(after?.failedAt).toBeNull();
        expect(after?.nextAttemptAt.getTime()).toBe(now.getTime() + retryDelayMs(attempt));
        // Not due a millisecond before the delay.
        const early = new Date((after?.nextAttemptAt.getTime() ?? 0) - 1);
        expect(await dispatchOutbox({ db: t.app.deps.db, mailer, logger, now: early })).toBe(0);
        now = after?.nextAttemptAt ?? now;
      } else {
        expect(after?.failedAt).not.toBeNull();
      }
    }
    expect(
      await dispatchOutbox({
        db: t.app.deps.db,
        mailer: recordingMailer(() => false),
        logger,
        now: at(365 * 86_400_000),
      }),
    ).toBe(0);
  });

  it("takes over a row whose dispatcher died holding it, once the claim has expired", async () => {
    const row = await queue("abandoned");
    // A dispatcher claimed it and vanished before sending.
    await t.app.deps.db
      .update(mailOutbox)
      .set({ claimedUntil: at(claimMs), attempts: 1 })
      .where(eq(mailOutbox.id, row.id));
    const mailer = recordingMailer(() => false);
    expect(await dispatchOutbox({ db: t.app.deps.db, mailer, logger, now: at(1000) })).toBe(0);
    expect(
      await dispatchOutbox({ db: t.app.deps.db, mailer, logger, now: at(claimMs + 1000) }),
    ).toBe(1);
    expect(mailer.sent.map((mail) => mail.subject)).toEqual(["Sujet"]);
    const [after] = await t.app.deps.db.select().from(mailOutbox).where(eq(mailOutbox.id, row.id));
    expect(after).toMatchObject({ attempts: 2, claimedUntil: null, lastError: null });
    expect(after?.sentAt).not.toBeNull();
  });
});
