import pino, { type LoggerOptions } from "pino";

/** Never logged: passwords, tokens, cookies (the outbox's reset links are the one exception). */
export const redactPaths = [
  "req.headers.cookie",
  "req.headers.authorization",
  'res.headers["set-cookie"]',
  "password",
  "newPassword",
  "currentPassword",
  "confirmPassword",
  "token",
  "secret",
  "*.password",
  "*.newPassword",
  "*.currentPassword",
  "*.confirmPassword",
  "*.token",
  "*.secret",
  "*.cookie",
  // Second factor: the code typed, backup codes, the TOTP key and its otpauth:// URI.
  "code",
  "backupCode",
  "backupCodes",
  "totpUri",
  "totpURI",
  "key",
  "*.code",
  "*.backupCode",
  "*.backupCodes",
  "*.totpUri",
  "*.totpURI",
  "*.key",
];

/** Query parameters carrying secrets (the reset page URL carries the token). */
export function maskUrl(url: string): string {
  return url.replace(/([?&](?:token|code|password)=)[^&#]*/gi, "$1[masqué]");
}

export function loggerOptions(level: string): LoggerOptions {
  return {
    level,
    redact: { paths: redactPaths, censor: "[masqué]" },
    serializers: {
      req(request: { method: string; url: string; ip?: string; id?: string }) {
        return { method: request.method, url: maskUrl(request.url), ip: request.ip };
      },
    },
  };
}

export function createLogger(level: string) {
  return pino(loggerOptions(level));
}
