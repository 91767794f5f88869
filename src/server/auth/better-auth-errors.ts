/**
 * The code of a better-auth APIError (USER_ALREADY_EXISTS, INVALID_TOKEN, INVALID_CODE,
 * ACCOUNT_TEMPORARILY_LOCKED...), if it is one.
 */
export function betterAuthCode(error: unknown): string | undefined {
  if (error && typeof error === "object" && "body" in error) {
    const body = (error as { body?: { code?: unknown } }).body;
    if (typeof body?.code === "string") return body.code;
  }
  return undefined;
}

/** PostgreSQL's unique_violation, on the error or any of its causes. */
export function isUniqueViolation(error: unknown): boolean {
  for (let current = error; current && typeof current === "object"; ) {
    if ((current as { code?: unknown }).code === "23505") return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}
