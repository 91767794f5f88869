import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { ZodError } from "zod";
import { AppError, messages, notFound, validationError } from "./app-error";
import { databaseUnavailable, isDatabaseUnavailable } from "./database-unavailable";

declare module "fastify" {
  interface FastifyContextConfig {
    /**
     * Errors of this route are answered as `{ user: null, error }` (the registration contract
     * the spec gives: the browser reads `user` and `error` from every reply).
     */
    userNullOnError?: boolean;
  }
}

/** Maps Fastify's own errors (body parsing and the like) to French AppErrors. */
function fromFastifyError(error: FastifyError): AppError | undefined {
  switch (error.code) {
    case "FST_ERR_CTP_INVALID_JSON_BODY":
      return new AppError("invalid_json", 400, messages.invalidJson);
    case "FST_ERR_CTP_EMPTY_JSON_BODY":
      return new AppError("invalid_json", 400, messages.invalidJson);
    case "FST_ERR_CTP_INVALID_MEDIA_TYPE":
      return new AppError("unsupported_media_type", 415, messages.unsupportedMediaType);
    case "FST_ERR_CTP_BODY_TOO_LARGE":
      return new AppError("payload_too_large", 413, messages.payloadTooLarge);
    case "FST_ERR_CTP_INVALID_CONTENT_LENGTH":
      return new AppError("bad_request", 400, messages.badRequest);
  }
  if (error instanceof SyntaxError && error.statusCode === 400) {
    return new AppError("invalid_json", 400, messages.invalidJson);
  }
  if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
    return new AppError("bad_request", error.statusCode, messages.badRequest);
  }
  return undefined;
}

export function sendError(request: FastifyRequest, reply: FastifyReply, error: AppError) {
  if (error.retryAfterSeconds !== undefined) {
    reply.header("retry-after", String(Math.max(1, Math.ceil(error.retryAfterSeconds))));
  }
  const body = {
    code: error.code,
    message: error.message,
    ...(error.fields && Object.keys(error.fields).length > 0 ? { fields: error.fields } : {}),
  };
  const envelope = request.routeOptions.config?.userNullOnError
    ? { user: null, error: body }
    : { error: body };
  return reply.code(error.statusCode).type("application/json; charset=utf-8").send(envelope);
}

/**
 * The router's own refusals, before any route or hook runs (Fastify's `frameworkErrors`): a
 * route parameter longer than `maxParamLength`, an address it cannot decode. Fastify would answer
 * them in English, with the address echoed; they get the API's shape and French here.
 */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const refusal =
    error.code === "FST_ERR_MAX_PARAM_LENGTH"
      ? new AppError("uri_too_long", 414, messages.uriTooLong)
      : error.code === "FST_ERR_BAD_URL"
        ? new AppError("bad_url", 400, messages.badRequest)
        : new AppError("internal_error", 500, messages.internal);
  if (refusal.statusCode >= 500) request.log.error({ err: error }, "erreur inattendue");
  else request.log.info({ code: error.code }, "requête refusée");
  return reply
    .code(refusal.statusCode)
    .type("application/json; charset=utf-8")
    .send({ error: { code: refusal.code, message: refusal.message } });
}

/** One error handler for the whole server: French messages, never a stack trace to the user. */
export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: unknown, request, reply) => {
    if (error instanceof AppError) return sendError(request, reply, error);
    if (error instanceof ZodError) return sendError(request, reply, validationError(error));
    const mapped = fromFastifyError(error as FastifyError);
    if (mapped) {
      request.log.info({ err: error, code: mapped.code }, "requête refusée");
      return sendError(request, reply, mapped);
    }
    if (isDatabaseUnavailable(error)) {
      // Warn, not error: the database's own outage is what the operator is told about (readiness).
      request.log.warn({ err: error }, "base de données injoignable : requête refusée (503)");
      return sendError(request, reply, databaseUnavailable());
    }
    request.log.error({ err: error }, "erreur inattendue");
    return sendError(request, reply, new AppError("internal_error", 500, messages.internal));
  });

  app.setNotFoundHandler((request, reply) => sendError(request, reply, notFound()));
}
