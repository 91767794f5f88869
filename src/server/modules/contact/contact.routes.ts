import type { FastifyBaseLogger, FastifyInstance } from "fastify";
import { z } from "zod";
import { contactStatuses } from "../../../domain/schemas/contact";
import { contactSchema } from "../../../domain/schemas/contact.schema";
import { requireAdmin } from "../../auth";
import type { AppDeps } from "../../deps";
import { AppError, parseBody, parseQuery } from "../../http/app-error";
import { createRateLimit } from "../../http/rate-limit";
import {
  countUnreadContactMessages,
  createContactMessage,
  listContactMessages,
  openContactMessage,
  setContactMessageStatus,
} from "./contact.service";

export const contactRouteMessages = {
  tooMany:
    "Vous avez envoyé trop de messages en peu de temps. Veuillez réessayer dans quelques minutes.",
  invalidStatus: "Statut invalide : choisissez non lu, lu ou archivé",
  invalidPage: "Numéro de page invalide",
  invalidId: "Identifiant de message invalide",
} as const;

/** Five messages per address every ten minutes: enough for a person, not for a script. */
export const contactRateLimit = { points: 5, durationSeconds: 10 * 60 } as const;

const statusField = z.enum(contactStatuses, { error: contactRouteMessages.invalidStatus });

export const contactListQuerySchema = z.object({
  status: statusField.optional(),
  page: z.coerce
    .number({ error: contactRouteMessages.invalidPage })
    .int({ error: contactRouteMessages.invalidPage })
    .min(1, { error: contactRouteMessages.invalidPage })
    .max(1_000_000, { error: contactRouteMessages.invalidPage })
    .optional()
    .default(1),
});

const idParamsSchema = z.object({
  id: z
    .string()
    .regex(/^[1-9]\d{0,9}$/, { error: contactRouteMessages.invalidId })
    .transform(Number)
    .refine((value) => value <= 2_147_483_647, { error: contactRouteMessages.invalidId }),
});

const statusBodySchema = z.object({ status: statusField });

/**
 * What receives a visitor's message, from the API (POST /api/contact) or from the contact page's
 * own form (its action, src/server/pages/page-actions.ts): the per-address limit first, then the
 * honeypot (a filled hidden field is a bot: it gets the same answer and nothing is kept), then the
 * domain's schema; the message is kept before the mail to CONTACT_INBOX goes. Refusals are the
 * API's AppErrors (429, 400 with the fields' French messages).
 */
export function contactReception(deps: AppDeps) {
  const { config, db, mailer, background } = deps;
  const perIp = createRateLimit({
    name: "contact-ip",
    ...contactRateLimit,
    disabled: config.rateLimitDisabled,
    db,
  });
  const adminInboxUrl = `${config.baseUrl}/admin/messages`;
  return async function receive({
    ip,
    body,
    log,
  }: {
    ip: string;
    body: unknown;
    log: FastifyBaseLogger;
  }): Promise<void> {
    try {
      await perIp.consume(ip);
    } catch (error) {
      if (!(error instanceof AppError) || error.statusCode !== 429) throw error;
      throw new AppError(
        error.code,
        429,
        contactRouteMessages.tooMany,
        undefined,
        error.retryAfterSeconds,
      );
    }
    const fields = body as { website?: unknown } | undefined;
    if (fields && typeof fields.website === "string" && fields.website.trim() !== "") {
      log.info({ ip }, "message de contact ignoré (champ piège rempli)");
      return;
    }
    const input = parseBody(contactSchema, body);
    await createContactMessage({
      db,
      mailer,
      inbox: config.contactInbox,
      adminInboxUrl,
      input,
      ip: ip ?? null,
      runInBackground: background.run,
    });
  };
}

/** The public contact form and the admin inbox (registered under /api). */
export async function contactRoutes(app: FastifyInstance) {
  const { db } = app.deps;
  const receive = contactReception(app.deps);

  app.post("/contact", async (request, reply) => {
    await receive({ ip: request.ip, body: request.body, log: request.log });
    return reply.code(201).send({ ok: true });
  });

  app.get("/admin/messages", { preHandler: requireAdmin }, async (request, reply) => {
    const { status, page } = parseQuery(contactListQuerySchema, request.query);
    const result = await listContactMessages({ db, status, page });
    reply.header("x-total-count", String(result.total));
    return result;
  });

  app.get("/admin/messages/unread-count", { preHandler: requireAdmin }, async () => {
    return { count: await countUnreadContactMessages({ db }) };
  });

  app.get("/admin/messages/:id", { preHandler: requireAdmin }, async (request) => {
    const { id } = parseQuery(idParamsSchema, request.params);
    return { message: await openContactMessage({ db, id }) };
  });

  app.patch("/admin/messages/:id", { preHandler: requireAdmin }, async (request) => {
    const { id } = parseQuery(idParamsSchema, request.params);
    const { status } = parseBody(statusBodySchema, request.body);
    return { message: await setContactMessageStatus({ db, id, status }) };
  });
}
