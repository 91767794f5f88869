import type { FastifyInstance, FastifyRequest } from "fastify";
import type { PageActions, PageReadRefusal } from "../../domain/page-reader";
import { AppError } from "../http/app-error";
import { databaseUnavailable, isDatabaseUnavailable } from "../http/database-unavailable";
import { contactReception } from "../modules/contact/contact.routes";

/** The API's refusal as a page's form shows it; anything else is thrown on. */
function refusalOf(error: unknown): PageReadRefusal {
  const refusal =
    error instanceof AppError
      ? error
      : isDatabaseUnavailable(error)
        ? databaseUnavailable()
        : undefined;
  if (!refusal) throw error;
  return {
    status: refusal.statusCode,
    code: refusal.code,
    message: refusal.message,
    ...(refusal.fields ? { fields: refusal.fields } : {}),
  };
}

/**
 * The actions of the pages' own forms (domain/page-reader.ts PageActions), made once per server
 * (the limits they share with the API are counted in the database) and bound to each request.
 */
export function pageActions(app: FastifyInstance) {
  const receiveContact = contactReception(app.deps);
  return (request: FastifyRequest): PageActions => ({
    async sendContactMessage(fields) {
      try {
        await receiveContact({ ip: request.ip, body: fields, log: request.log });
        return { ok: true };
      } catch (error) {
        return refusalOf(error);
      }
    },
  });
}

export type PageActionsFor = ReturnType<typeof pageActions>;
