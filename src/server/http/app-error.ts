import type { z } from "zod";

/** Field name -> the first French message for that field. */
export type FieldErrors = Record<string, string>;

/**
 * The one error type of the server: a stable code for the browser, the HTTP status, and a French
 * message fit to show as it is. The error handler (error-handler.ts) turns it into
 * `{ error: { code, message, fields? } }`.
 */
export class AppError extends Error {
  constructor(
    public readonly code: string,
    public readonly statusCode: number,
    message: string,
    public readonly fields?: FieldErrors,
    /** Seconds before a retry is worth it; sent as Retry-After (429, 503). */
    public readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = "AppError";
  }
}

export const messages = {
  notFound: "Ressource introuvable",
  unauthenticated: "Vous devez être connecté",
  forbidden: "Accès réservé aux administrateurs",
  clientsOnly:
    "Cette action est réservée aux clients : un administrateur consulte les dossiers depuis l'espace administrateur.",
  tooManyAttempts: "Trop de tentatives. Veuillez réessayer dans quelques minutes.",
  internal: "Une erreur interne est survenue. Veuillez réessayer plus tard.",
  invalidJson: "Le corps de la requête n'est pas un JSON valide.",
  invalidBody: "Requête invalide : un objet JSON est attendu.",
  unsupportedMediaType: "Type de contenu non pris en charge : envoyez du JSON.",
  payloadTooLarge: "La requête est trop volumineuse.",
  badRequest: "Requête invalide.",
  malformedRequest: "Requête invalide : elle ne respecte pas le protocole HTTP.",
  headersTooLarge: "Requête invalide : ses en-têtes sont trop volumineux.",
  requestTimeout: "La requête a mis trop de temps à arriver. Veuillez réessayer.",
  uriTooLong: "Requête invalide : l'adresse demandée est trop longue.",
  nulCharacter: "Requête invalide : elle contient un caractère nul, refusé par la plateforme.",
  invalidCharacter:
    "Requête invalide : elle contient un caractère incomplet (moitié d'un caractère Unicode), refusé par la plateforme.",
  forbiddenOrigin: "Requête refusée : elle ne provient pas du site de la plateforme.",
  unavailable: "Service momentanément indisponible. Veuillez réessayer plus tard.",
} as const;

export const notFound = (message: string = messages.notFound) =>
  new AppError("not_found", 404, message);
export const unauthenticated = () => new AppError("unauthenticated", 401, messages.unauthenticated);
export const forbidden = (message: string = messages.forbidden) =>
  new AppError("forbidden", 403, message);
export const conflict = (code: string, message: string, fields?: FieldErrors) =>
  new AppError(code, 409, message, fields);
export const tooManyRequests = (retryAfterSeconds: number) =>
  new AppError("rate_limited", 429, messages.tooManyAttempts, undefined, retryAfterSeconds);

/** The first message per field of a zod error (the field order of the schema is kept). */
export function fieldErrors(error: z.ZodError): FieldErrors {
  const fields: FieldErrors = {};
  for (const issue of error.issues) {
    const key = issue.path.length > 0 ? issue.path.map(String).join(".") : "_";
    if (!(key in fields)) fields[key] = issue.message;
  }
  return fields;
}

export function validationError(error: z.ZodError, message?: string): AppError {
  const fields = fieldErrors(error);
  return new AppError(
    "validation_error",
    400,
    message ?? error.issues[0]?.message ?? messages.badRequest,
    fields,
  );
}

/**
 * Validates a JSON body with one of the domain's zod schemas (the same ones the forms use).
 * A missing body counts as an empty object so that every field reports its own message.
 */
export function parseBody<S extends z.ZodType>(
  schema: S,
  body: unknown,
  options: { missingMessage?: string; requiredKeys?: readonly string[] } = {},
): z.output<S> {
  const value = body === undefined || body === null ? {} : body;
  if (typeof value !== "object" || Array.isArray(value)) {
    throw new AppError("invalid_body", 400, messages.invalidBody);
  }
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const missing =
    options.missingMessage &&
    options.requiredKeys?.some((key) => {
      const field = (value as Record<string, unknown>)[key];
      return field === undefined || field === null || (typeof field === "string" && !field.trim());
    });
  throw validationError(result.error, missing ? options.missingMessage : undefined);
}

/** Validates a query string (or route parameters) with a zod schema; absent means empty. */
export function parseQuery<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value ?? {});
  if (!result.success) throw validationError(result.error);
  return result.data;
}
