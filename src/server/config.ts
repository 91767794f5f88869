import { randomBytes } from "node:crypto";
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { z } from "zod";
import { defaultApprovalSecondOfficerAbove } from "../domain/api/approval";
import {
  type PaymentAccountJson,
  type PaymentChannel,
  paymentChannelLabels,
  paymentChannels,
} from "../domain/api/servicing";
import { firm } from "../domain/firm";
import { usuryCeilingPercent } from "../domain/loan-simulator";
import { emailPattern, minPasswordLength } from "../domain/schemas/fields";
import { parseStorageUrl, type StorageSetting } from "./storage/storage-url";

/** The sender id SMS show when SMS_SENDER_ID is not set (11 characters at most). */
export const defaultSmsSenderId = "HorizonCred";

export type SmppSettings = {
  host: string;
  port: number;
  systemId: string;
  password: string;
  tls: boolean;
};

/** smpp://system_id:password@host:port (ssmpp:// over TLS); null when it is not one. */
export function parseSmppUrl(value: string): SmppSettings | null {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return null;
  }
  if (url.protocol !== "smpp:" && url.protocol !== "ssmpp:") return null;
  if (!url.hostname || !url.username) return null;
  const tls = url.protocol === "ssmpp:";
  return {
    host: url.hostname,
    port: url.port ? Number(url.port) : tls ? 3550 : 2775,
    systemId: decodeURIComponent(url.username),
    password: decodeURIComponent(url.password),
    tls,
  };
}

export const defaultLoanRate = 12;
export const defaultFeesPercent = 1;
export const defaultContractValidityDays = 30;

/** The accounts shown when PAYMENT_ACCOUNTS is not set: the firm's head office numbers. */
export const defaultPaymentAccounts: PaymentAccountJson[] = [
  {
    channel: "orange_money",
    label: paymentChannelLabels.orange_money,
    number: "+225 07 00 00 00 01",
  },
  { channel: "wave", label: paymentChannelLabels.wave, number: "+225 05 00 00 00 02" },
  { channel: "mtn_momo", label: paymentChannelLabels.mtn_momo, number: "+225 05 00 00 00 03" },
];

/**
 * PAYMENT_ACCOUNTS: "orange_money=+225 07 00 00 00 01;wave=+221 77 000 00 02": one channel and
 * its number (or bank account) per entry, `;` between entries. A French message when wrong.
 */
export function parsePaymentAccounts(value: string | undefined): PaymentAccountJson[] | string {
  if (value === undefined) return defaultPaymentAccounts;
  const accounts: PaymentAccountJson[] = [];
  for (const entry of value
    .split(";")
    .map((part) => part.trim())
    .filter(Boolean)) {
    const [channel = "", ...rest] = entry.split("=");
    const number = rest.join("=").trim();
    if (!(paymentChannels as readonly string[]).includes(channel.trim()) || !number) {
      return `PAYMENT_ACCOUNTS doit être de la forme canal=numéro;canal=numéro, avec canal parmi ${paymentChannels.join(", ")} (exemple : orange_money=+225 07 00 00 00 01;wave=+221 77 000 00 02)`;
    }
    const known = channel.trim() as PaymentChannel;
    accounts.push({ channel: known, label: paymentChannelLabels[known], number });
  }
  return accounts.length > 0 ? accounts : "PAYMENT_ACCOUNTS ne contient aucun compte";
}

/** RETENTION_YEARS' default: a credit file is kept ten years after the account is closed. */
export const defaultRetentionYears = 10;
/** EXPORT_TTL_HOURS' default: seven days. */
export const defaultExportTtlHours = 7 * 24;

export const defaultMailFrom = `${firm.name} <no-reply@horizoncredit.africa>`;

const logLevels = ["fatal", "error", "warn", "info", "debug", "trace", "silent"] as const;

/** "true"/"false" and the usual spellings; anything else is a clear error, not a silent false. */
function booleanSetting(name: string) {
  return z
    .string()
    .trim()
    .toLowerCase()
    .refine((value) => ["true", "false", "1", "0", "yes", "no", "oui", "non", ""].includes(value), {
      error: `${name} doit valoir true ou false`,
    })
    .transform((value) => ["true", "1", "yes", "oui"].includes(value))
    .optional()
    .default(false);
}

function optionalString() {
  return z
    .string()
    .trim()
    .transform((value) => (value === "" ? undefined : value))
    .optional();
}

const envSchema = z
  .object({
    PORT: z.coerce
      .number({ error: "PORT doit être un nombre entier entre 1 et 65535" })
      .int({ error: "PORT doit être un nombre entier entre 1 et 65535" })
      .min(1, { error: "PORT doit être un nombre entier entre 1 et 65535" })
      .max(65535, { error: "PORT doit être un nombre entier entre 1 et 65535" })
      .optional()
      .default(3000),
    HOST: z
      .string()
      .trim()
      .min(1, { error: "HOST ne peut pas être vide (exemple : 0.0.0.0 ou 127.0.0.1)" })
      .optional()
      .default("0.0.0.0"),
    DATA_DIR: z
      .string()
      .trim()
      .min(1, { error: "DATA_DIR ne peut pas être vide" })
      .optional()
      .default("./data"),
    DATABASE_URL: optionalString().refine(
      (value) => value === undefined || /^postgres(ql)?:\/\/.+/.test(value),
      { error: "DATABASE_URL doit commencer par postgres:// ou postgresql://" },
    ),
    PUBLIC_URL: optionalString()
      .refine(
        (value) => {
          if (value === undefined) return true;
          try {
            const url = new URL(value);
            return url.protocol === "http:" || url.protocol === "https:";
          } catch {
            return false;
          }
        },
        {
          error:
            "PUBLIC_URL doit être une adresse http(s) complète, par exemple https://prets.example.com",
        },
      )
      .transform((value) => (value === undefined ? undefined : new URL(value).origin)),
    SMTP_URL: optionalString().refine(
      (value) => value === undefined || /^smtps?:\/\/.+/.test(value),
      { error: "SMTP_URL doit commencer par smtp:// ou smtps://" },
    ),
    SMPP_URL: optionalString().refine((value) => value === undefined || parseSmppUrl(value), {
      error:
        "SMPP_URL doit être de la forme smpp://identifiant:mot-de-passe@hôte:port (ssmpp:// pour TLS)",
    }),
    // An alphanumeric sender id is at most 11 characters (GSM 03.40); a number up to 15 digits.
    SMS_SENDER_ID: optionalString()
      .refine(
        (value) => value === undefined || /^(?:[A-Za-z0-9 ._-]{1,11}|\+?\d{3,15})$/.test(value),
        {
          error:
            "SMS_SENDER_ID doit compter au plus 11 lettres ou chiffres, ou être un numéro (15 chiffres au plus)",
        },
      )
      .transform((value) => value ?? defaultSmsSenderId),
    SMS_RATE_PER_SECOND: optionalString()
      .refine(
        (value) =>
          value === undefined ||
          (/^\d+(\.\d+)?$/.test(value) && Number(value) > 0 && Number(value) <= 1000),
        {
          error:
            "SMS_RATE_PER_SECOND doit être un nombre de SMS par seconde, entre 0 et 1000 (exemple : 5)",
        },
      )
      .transform((value) => (value === undefined ? 5 : Number(value))),
    MAIL_FROM: optionalString().transform((value) => value ?? defaultMailFrom),
    CONTACT_INBOX: optionalString()
      .refine((value) => value === undefined || emailPattern.test(value), {
        error: "CONTACT_INBOX doit être une adresse e-mail valide",
      })
      .transform((value) => value ?? firm.email),
    ADMIN_EMAIL: optionalString().refine(
      (value) => value === undefined || emailPattern.test(value),
      { error: "ADMIN_EMAIL doit être une adresse e-mail valide" },
    ),
    ADMIN_PASSWORD: optionalString().refine(
      (value) => value === undefined || value.length >= minPasswordLength,
      { error: `ADMIN_PASSWORD doit contenir au moins ${minPasswordLength} caractères` },
    ),
    ADMIN_FIRST_NAME: optionalString(),
    ADMIN_LAST_NAME: optionalString(),
    LOG_LEVEL: z
      .string()
      .trim()
      .toLowerCase()
      .pipe(
        z.enum(logLevels, {
          error: `LOG_LEVEL doit valoir l'une de ces valeurs : ${logLevels.join(", ")}`,
        }),
      )
      .optional()
      .default("info"),
    AUTH_SECRET: optionalString().refine((value) => value === undefined || value.length >= 32, {
      error: "AUTH_SECRET doit contenir au moins 32 caractères",
    }),
    // Whole FCFA: "15000000", or with the spaces French writes ("15 000 000"); a dot or a comma
    // is refused rather than guessed (thousands separator or decimals?).
    APPROVAL_SECOND_OFFICER_ABOVE: optionalString()
      .transform((value) => value?.replace(/[\s\u00a0\u202f]/g, ""))
      .refine((value) => value === undefined || /^\d{1,13}$/.test(value), {
        error:
          "APPROVAL_SECOND_OFFICER_ABOVE doit être un montant entier en FCFA, positif ou nul (exemple : 10000000)",
      })
      .transform((value) =>
        value === undefined ? defaultApprovalSecondOfficerAbove : Number(value),
      ),
    // After the decision (issue 28): the approval dialog's defaults, the contract's validity,
    // the firm's seal, the reminders' hour and the accounts clients pay to.
    LOAN_DEFAULT_RATE: optionalString()
      .transform((value) => value?.replace(",", "."))
      .refine(
        (value) =>
          value === undefined ||
          (/^\d{1,2}(\.\d{1,2})?$/.test(value) && Number(value) <= usuryCeilingPercent),
        {
          error: `LOAN_DEFAULT_RATE doit être un taux annuel en %, entre 0 et ${usuryCeilingPercent} (exemple : 12 ou 12,5)`,
        },
      )
      .transform((value) => (value === undefined ? defaultLoanRate : Number(value))),
    LOAN_FEES_PERCENT: optionalString()
      .transform((value) => value?.replace(",", "."))
      .refine(
        (value) =>
          value === undefined || (/^\d{1,2}(\.\d{1,2})?$/.test(value) && Number(value) <= 10),
        {
          error:
            "LOAN_FEES_PERCENT doit être un pourcentage du montant, entre 0 et 10 (exemple : 1,5)",
        },
      )
      .transform((value) => (value === undefined ? defaultFeesPercent : Number(value))),
    CONTRACT_VALIDITY_DAYS: optionalString()
      .refine((value) => value === undefined || (/^\d{1,3}$/.test(value) && Number(value) > 0), {
        error:
          "CONTRACT_VALIDITY_DAYS doit être un nombre entier de jours, au moins 1 (exemple : 30)",
      })
      .transform((value) => (value === undefined ? defaultContractValidityDays : Number(value))),
    CONTRACT_SEAL_P12_PATH: optionalString().refine(
      (value) => value === undefined || existsSync(value),
      { error: "CONTRACT_SEAL_P12_PATH doit désigner un fichier PKCS#12 (.p12) existant" },
    ),
    CONTRACT_SEAL_P12_PASSWORD: optionalString(),
    REMINDER_HOUR: optionalString()
      .refine((value) => value === undefined || /^([01]?\d|2[0-3])(:00)?$/.test(value), {
        error: "REMINDER_HOUR doit être une heure UTC entre 0 et 23 (exemple : 8 ou 08:00)",
      })
      .transform((value) => (value === undefined ? 8 : Number(value.split(":")[0]))),
    PAYMENT_ACCOUNTS: optionalString().transform((value, ctx) => {
      const parsed = parsePaymentAccounts(value);
      if (typeof parsed === "string") {
        ctx.addIssue({ code: "custom", message: parsed });
        return z.NEVER;
      }
      return parsed;
    }),
    // The data rights (issue 18): how long a closed account's decided requests are kept, and
    // how long a data export stays downloadable. Whole numbers only: "0" is allowed for tests.
    RETENTION_YEARS: optionalString()
      .refine((value) => value === undefined || /^\d{1,3}$/.test(value), {
        error: "RETENTION_YEARS doit être un nombre entier d'années, positif ou nul (exemple : 10)",
      })
      .transform((value) => (value === undefined ? defaultRetentionYears : Number(value))),
    EXPORT_TTL_HOURS: optionalString()
      .refine((value) => value === undefined || (/^\d{1,5}$/.test(value) && Number(value) > 0), {
        error: "EXPORT_TTL_HOURS doit être un nombre entier d'heures, au moins 1 (exemple : 168)",
      })
      .transform((value) => (value === undefined ? defaultExportTtlHours : Number(value))),
    STORAGE_URL: optionalString().transform((value, ctx) => {
      if (value === undefined) return undefined;
      const parsed = parseStorageUrl(value);
      if (typeof parsed === "string") {
        ctx.addIssue({ code: "custom", message: parsed });
        return z.NEVER;
      }
      return parsed;
    }),
    AWS_ACCESS_KEY_ID: optionalString(),
    AWS_SECRET_ACCESS_KEY: optionalString(),
    AWS_REGION: optionalString(),
    SHUTDOWN_TIMEOUT_MS: z.coerce
      .number({ error: "SHUTDOWN_TIMEOUT_MS doit être un nombre entier de millisecondes" })
      .int({ error: "SHUTDOWN_TIMEOUT_MS doit être un nombre entier de millisecondes" })
      .min(0, { error: "SHUTDOWN_TIMEOUT_MS doit être un nombre entier de millisecondes" })
      .max(600_000, { error: "SHUTDOWN_TIMEOUT_MS ne peut dépasser 600000 (10 minutes)" })
      .optional()
      .default(25_000),
    TRUST_PROXY: booleanSetting("TRUST_PROXY"),
    RATE_LIMIT_DISABLED: booleanSetting("RATE_LIMIT_DISABLED"),
    NODE_ENV: z
      .enum(["production", "development", "test"], {
        error: "NODE_ENV doit valoir production, development ou test",
      })
      .optional()
      .default("production"),
  })
  .superRefine((env, ctx) => {
    // One key without the other is a typo, not a choice: say so now rather than at the first
    // upload. Neither is fine (the SDK's other sources: a profile, an instance role...).
    if (env.STORAGE_URL && Boolean(env.AWS_ACCESS_KEY_ID) !== Boolean(env.AWS_SECRET_ACCESS_KEY)) {
      const missing = env.AWS_ACCESS_KEY_ID ? "AWS_SECRET_ACCESS_KEY" : "AWS_ACCESS_KEY_ID";
      ctx.addIssue({
        code: "custom",
        path: [missing],
        message: `${missing} est obligatoire avec ${missing === "AWS_ACCESS_KEY_ID" ? "AWS_SECRET_ACCESS_KEY" : "AWS_ACCESS_KEY_ID"} pour le stockage S3`,
      });
    }
    if (env.ADMIN_EMAIL && !env.ADMIN_PASSWORD) {
      ctx.addIssue({
        code: "custom",
        path: ["ADMIN_PASSWORD"],
        message: "ADMIN_PASSWORD est obligatoire quand ADMIN_EMAIL est défini",
      });
    }
    if (env.ADMIN_PASSWORD && !env.ADMIN_EMAIL) {
      ctx.addIssue({
        code: "custom",
        path: ["ADMIN_EMAIL"],
        message: "ADMIN_EMAIL est obligatoire quand ADMIN_PASSWORD est défini",
      });
    }
  });

export type Config = {
  port: number;
  host: string;
  /** Absolute path of the data directory (embedded database, outbox, uploads, secrets). */
  dataDir: string;
  /** postgres://… when a PostgreSQL server is used; undefined for the embedded PGlite. */
  databaseUrl: string | undefined;
  /** Origin of the public site (no trailing slash); undefined when not configured. */
  publicUrl: string | undefined;
  /** Origin used in e-mailed links: PUBLIC_URL or http://localhost:PORT. */
  baseUrl: string;
  smtpUrl: string | undefined;
  /** SMPP_URL: the SMS aggregator's session; undefined writes SMS under DATA_DIR/outbox. */
  smpp: SmppSettings | undefined;
  smsSenderId: string;
  /** At most this many submit_sm a second (the aggregator's throttle). */
  smsRatePerSecond: number;
  mailFrom: string;
  contactInbox: string;
  admin: { email: string; password: string; firstName: string; lastName: string } | undefined;
  logLevel: (typeof logLevels)[number];
  /** Explicit AUTH_SECRET; when absent, resolveAuthSecret() generates and keeps one in DATA_DIR. */
  authSecret: string | undefined;
  /**
   * Where document files live: the filesystem under DATA_DIR/uploads (default), or an
   * S3-compatible bucket (STORAGE_URL=s3://…), credentials from the SDK's usual sources.
   */
  storage: StorageSetting;
  trustProxy: boolean;
  rateLimitDisabled: boolean;
  /**
   * On SIGTERM, how long the requests in flight (uploads included) may take to finish before
   * their connections are cut.
   */
  shutdownTimeoutMs: number;
  /** Whole FCFA: an approval above it is a proposal that a second administrator confirms. */
  approvalSecondOfficerAbove: number;
  /** Percent a year: the approval dialog's default rate (LOAN_DEFAULT_RATE). */
  loanDefaultRate: number;
  /** Percent of the approved amount: the default fees (LOAN_FEES_PERCENT). */
  loanFeesPercent: number;
  /** An unsigned contract expires after this many days. */
  contractValidityDays: number;
  /** The firm's seal (PKCS#12); undefined: one generated in DATA_DIR at first start. */
  contractSeal: { p12Path: string | undefined; password: string | undefined };
  /** The repayment reminders go out from this hour (UTC) on. */
  reminderHour: number;
  /** The firm's accounts shown to clients (PAYMENT_ACCOUNTS). */
  paymentAccounts: PaymentAccountJson[];
  /** A closed account's decided requests and documents are removed this many years after. */
  retentionYears: number;
  /** A data export can be downloaded for this many hours, then it is deleted. */
  exportTtlHours: number;
  nodeEnv: "production" | "development" | "test";
};

export class ConfigError extends Error {
  constructor(public readonly problems: string[]) {
    super(`Configuration invalide :\n${problems.map((problem) => `  - ${problem}`).join("\n")}`);
    this.name = "ConfigError";
  }
}

/** Reads and checks the settings; throws a ConfigError listing every wrong value. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => {
        const name = issue.path.join(".");
        return issue.message.startsWith(name) ? issue.message : `${name} : ${issue.message}`;
      }),
    );
  }
  const values = parsed.data;
  const admin =
    values.ADMIN_EMAIL && values.ADMIN_PASSWORD
      ? {
          email: values.ADMIN_EMAIL.toLowerCase(),
          password: values.ADMIN_PASSWORD,
          firstName: values.ADMIN_FIRST_NAME ?? "Administrateur",
          lastName: values.ADMIN_LAST_NAME ?? firm.shortName,
        }
      : undefined;
  return {
    port: values.PORT,
    host: values.HOST,
    dataDir: resolve(values.DATA_DIR),
    databaseUrl: values.DATABASE_URL,
    publicUrl: values.PUBLIC_URL,
    baseUrl: values.PUBLIC_URL ?? `http://localhost:${values.PORT}`,
    smtpUrl: values.SMTP_URL,
    smpp: values.SMPP_URL ? (parseSmppUrl(values.SMPP_URL) ?? undefined) : undefined,
    smsSenderId: values.SMS_SENDER_ID,
    smsRatePerSecond: values.SMS_RATE_PER_SECOND,
    mailFrom: values.MAIL_FROM,
    contactInbox: values.CONTACT_INBOX,
    admin,
    logLevel: values.LOG_LEVEL,
    authSecret: values.AUTH_SECRET,
    storage: storageSetting(values),
    trustProxy: values.TRUST_PROXY,
    rateLimitDisabled: values.RATE_LIMIT_DISABLED,
    shutdownTimeoutMs: values.SHUTDOWN_TIMEOUT_MS,
    approvalSecondOfficerAbove: values.APPROVAL_SECOND_OFFICER_ABOVE,
    loanDefaultRate: values.LOAN_DEFAULT_RATE,
    loanFeesPercent: values.LOAN_FEES_PERCENT,
    contractValidityDays: values.CONTRACT_VALIDITY_DAYS,
    contractSeal: {
      p12Path: values.CONTRACT_SEAL_P12_PATH,
      password: values.CONTRACT_SEAL_P12_PASSWORD,
    },
    reminderHour: values.REMINDER_HOUR,
    paymentAccounts: values.PAYMENT_ACCOUNTS,
    retentionYears: values.RETENTION_YEARS,
    exportTtlHours: values.EXPORT_TTL_HOURS,
    nodeEnv: values.NODE_ENV,
  };
}

function storageSetting(values: z.output<typeof envSchema>): StorageSetting {
  const s3 = values.STORAGE_URL;
  if (!s3) return { kind: "filesystem", root: join(resolve(values.DATA_DIR), "uploads") };
  const { AWS_ACCESS_KEY_ID: accessKeyId, AWS_SECRET_ACCESS_KEY: secretAccessKey } = values;
  return {
    ...s3,
    region: s3.region ?? values.AWS_REGION ?? "us-east-1",
    ...(accessKeyId && secretAccessKey ? { credentials: { accessKeyId, secretAccessKey } } : {}),
  };
}

/**
 * The secret that signs session cookies: AUTH_SECRET, or one generated on the first start and
 * kept in DATA_DIR/auth-secret (mode 600) so sessions survive restarts.
 */
export function resolveAuthSecret(config: Pick<Config, "authSecret" | "dataDir">): string {
  if (config.authSecret) return config.authSecret;
  const file = join(config.dataDir, "auth-secret");
  if (existsSync(file)) {
    const stored = readFileSync(file, "utf8").trim();
    if (stored.length >= 32) return stored;
  }
  mkdirSync(config.dataDir, { recursive: true });
  const secret = randomBytes(32).toString("base64url");
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  chmodSync(file, 0o600);
  return secret;
}

/** The origins allowed to send credentialed requests: both loopback forms and PUBLIC_URL. */
export function trustedOrigins(config: Pick<Config, "port" | "publicUrl">): string[] {
  const origins = [`http://localhost:${config.port}`, `http://127.0.0.1:${config.port}`];
  if (config.publicUrl) origins.push(config.publicUrl);
  return [...new Set(origins)];
}
