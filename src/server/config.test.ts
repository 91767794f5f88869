import { mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { ConfigError, loadConfig, resolveAuthSecret, trustedOrigins } from "./config";

function problems(env: Record<string, string>): string[] {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  return [];
}

describe("loadConfig", () => {
  test("defaults: nothing to configure", () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      host: "0.0.0.0",
      databaseUrl: undefined,
      publicUrl: undefined,
      baseUrl: "http://localhost:3000",
      smtpUrl: undefined,
      mailFrom: "Horizon Crédit Afrique <no-reply@horizoncredit.africa>",
      contactInbox: "contact@horizoncredit.africa",
      admin: undefined,
      logLevel: "info",
      trustProxy: false,
      rateLimitDisabled: false,
      nodeEnv: "production",
    });
    expect(config.dataDir).toBe(join(process.cwd(), "data"));
  });

  test("reads every setting", () => {
    const config = loadConfig({
      PORT: "8080",
      HOST: "127.0.0.1",
      DATA_DIR: "/srv/prets",
      DATABASE_URL: "postgres://app@db:5432/prets",
      PUBLIC_URL: "https://prets.example.com/",
      SMTP_URL: "smtps://user:pass@smtp.example.com:465",
      MAIL_FROM: "Prêts <prets@example.com>",
      CONTACT_INBOX: "accueil@example.com",
      ADMIN_EMAIL: "Chef@Example.com",
      ADMIN_PASSWORD: "Officier-2026!",
      ADMIN_FIRST_NAME: "Fatou",
      LOG_LEVEL: "WARN",
      AUTH_SECRET: "s".repeat(40),
      TRUST_PROXY: "true",
      RATE_LIMIT_DISABLED: "1",
      NODE_ENV: "development",
    });
    expect(config).toMatchObject({
      port: 8080,
      host: "127.0.0.1",
      dataDir: "/srv/prets",
      databaseUrl: "postgres://app@db:5432/prets",
      publicUrl: "https://prets.example.com",
      baseUrl: "https://prets.example.com",
      smtpUrl: "smtps://user:pass@smtp.example.com:465",
      mailFrom: "Prêts <prets@example.com>",
      contactInbox: "accueil@example.com",
      admin: {
        email: "chef@example.com",
        password: "Officier-2026!",
        firstName: "Fatou",
        lastName: "Horizon Crédit",
      },
      logLevel: "warn",
      authSecret: "s".repeat(40),
      trustProxy: true,
      rateLimitDisabled: true,
      nodeEnv: "development",
    });
  });

  test("one clear French message per wrong value", () => {
    expect(
      problems({
        PORT: "quatre-vingt",
        DATABASE_URL: "mysql://x",
        PUBLIC_URL: "prets.example.com",
        SMTP_URL: "http://smtp",
        LOG_LEVEL: "bavard",
        RATE_LIMIT_DISABLED: "peut-être",
        TRUST_PROXY: "2",
        AUTH_SECRET: "court",
        CONTACT_INBOX: "pas-une-adresse",
        NODE_ENV: "prod",
      }),
    ).toEqual([
      "PORT doit être un nombre entier entre 1 et 65535",
      "DATABASE_URL doit commencer par postgres:// ou postgresql://",
      "PUBLIC_URL doit être une adresse http(s) complète, par exemple https://prets.example.com",
      "SMTP_URL doit commencer par smtp:// ou smtps://",
      "CONTACT_INBOX doit être une adresse e-mail valide",
      "LOG_LEVEL doit valoir l'une de ces valeurs : fatal, error, warn, info, debug, trace, silent",
      "AUTH_SECRET doit contenir au moins 32 caractères",
      "TRUST_PROXY doit valoir true ou false",
      "RATE_LIMIT_DISABLED doit valoir true ou false",
      "NODE_ENV doit valoir production, development ou test",
    ]);
    expect(problems({ PORT: "70000" })).toEqual([
      "PORT doit être un nombre entier entre 1 et 65535",
    ]);
    expect(problems({ ADMIN_EMAIL: "chef@example.com" })).toEqual([
      "ADMIN_PASSWORD est obligatoire quand ADMIN_EMAIL est défini",
    ]);
    expect(problems({ ADMIN_EMAIL: "chef", ADMIN_PASSWORD: "abc" })).toEqual([
      "ADMIN_EMAIL doit être une adresse e-mail valide",
      "ADMIN_PASSWORD doit contenir au moins 6 caractères",
    ]);
    expect(() => loadConfig({ PORT: "x" })).toThrow(/Configuration invalide/);
  });

  test("APPROVAL_SECOND_OFFICER_ABOVE: whole FCFA, 10 000 000 by default", () => {
    expect(loadConfig({}).approvalSecondOfficerAbove).toBe(10_000_000);
    expect(loadConfig({ APPROVAL_SECOND_OFFICER_ABOVE: "" }).approvalSecondOfficerAbove).toBe(
      10_000_000,
    );
    expect(
      loadConfig({ APPROVAL_SECOND_OFFICER_ABOVE: "25000000" }).approvalSecondOfficerAbove,
    ).toBe(25_000_000);
    expect(
      loadConfig({ APPROVAL_SECOND_OFFICER_ABOVE: " 5 000 000 " }).approvalSecondOfficerAbove,
    ).toBe(5_000_000);
    expect(loadConfig({ APPROVAL_SECOND_OFFICER_ABOVE: "0" }).approvalSecondOfficerAbove).toBe(0);
    const message =
      "APPROVAL_SECOND_OFFICER_ABOVE doit être un montant entier en FCFA, positif ou nul (exemple : 10000000)";
    for (const value of ["-1", "10.5", "1,5", "dix millions", "1e7", "12345678901234"]) {
      expect(problems({ APPROVAL_SECOND_OFFICER_ABOVE: value }), value).toEqual([message]);
    }
  });

  test("RETENTION_YEARS and EXPORT_TTL_HOURS: whole numbers, 10 years and 168 hours by default", () => {
    expect(loadConfig({})).toMatchObject({ retentionYears: 10, exportTtlHours: 168 });
    expect(loadConfig({ RETENTION_YEARS: "0", EXPORT_TTL_HOURS: "24" })).toMatchObject({
      retentionYears: 0,
      exportTtlHours: 24,
    });
    for (const value of ["-1", "2.5", "dix", "1000"]) {
      expect(problems({ RETENTION_YEARS: value }), value).toEqual([
        "RETENTION_YEARS doit être un nombre entier d'années, positif ou nul (exemple : 10)",
      ]);
    }
    for (const value of ["0", "-3", "1.5", "une semaine"]) {
      expect(problems({ EXPORT_TTL_HOURS: value }), value).toEqual([
        "EXPORT_TTL_HOURS doit être un nombre entier d'heures, au moins 1 (exemple : 168)",
      ]);
    }
  });

  test("SMS: SMPP_URL, sender id and rate, each checked", () => {
    expect(loadConfig({})).toMatchObject({
      smpp: undefined,
      smsSenderId: "HorizonCred",
      smsRatePerSecond: 5,
    });
    expect(
      loadConfig({
        SMPP_URL: "smpp://horizon:p%40ss@smsc.example.ci:2776",
        SMS_SENDER_ID: "HCA",
        SMS_RATE_PER_SECOND: "20",
      }),
    ).toMatchObject({
      smpp: {
        host: "smsc.example.ci",
        port: 2776,
        systemId: "horizon",
        password: "p@ss",
        tls: false,
      },
      smsSenderId: "HCA",
      smsRatePerSecond: 20,
    });
    expect(loadConfig({ SMPP_URL: "ssmpp://a:b@smsc.example.ci" }).smpp).toMatchObject({
      port: 3550,
      tls: true,
    });
    expect(() =>
      loadConfig({
        SMPP_URL: "http://smsc.example.ci",
        SMS_SENDER_ID: "Horizon Credit Afrique",
        SMS_RATE_PER_SECOND: "0",
      }),
    ).toThrow(
      /SMPP_URL doit être de la forme[\s\S]*SMS_SENDER_ID doit compter[\s\S]*SMS_RATE_PER_SECOND doit être/,
    );
  });

  test("STORAGE_URL: the filesystem under DATA_DIR/uploads by default, or an S3 bucket", () => {
    expect(loadConfig({ DATA_DIR: "/srv/prets" }).storage).toEqual({
      kind: "filesystem",
      root: "/srv/prets/uploads",
    });
    expect(
      loadConfig({
        STORAGE_URL:
          "s3://pret-documents?endpoint=http://127.0.0.1:9000/&region=af-south-1&forcePathStyle=true",
        AWS_ACCESS_KEY_ID: "cle",
        AWS_SECRET_ACCESS_KEY: "secret",
      }).storage,
    ).toEqual({
      kind: "s3",
      bucket: "pret-documents",
      endpoint: "http://127.0.0.1:9000",
      region: "af-south-1",
      forcePathStyle: true,
      credentials: { accessKeyId: "cle", secretAccessKey: "secret" },
    });
    // Amazon S3 itself: no endpoint; the region from AWS_REGION, the keys from the SDK's sources.
    expect(
      loadConfig({ STORAGE_URL: "s3://pret-documents", AWS_REGION: "eu-west-3" }).storage,
    ).toEqual({
      kind: "s3",
      bucket: "pret-documents",
      endpoint: undefined,
      region: "eu-west-3",
      forcePathStyle: false,
    });
    expect(loadConfig({ STORAGE_URL: "s3://pret-documents" }).storage).toMatchObject({
      region: "us-east-1",
    });
  });

  test("STORAGE_URL: one French message per mistake", () => {
    expect(problems({ STORAGE_URL: "/srv/fichiers" })[0]).toMatch(
      /^STORAGE_URL doit être une adresse s3:\/\//,
    );
    expect(problems({ STORAGE_URL: "https://s3.example.com/docs" })[0]).toMatch(
      /^STORAGE_URL doit commencer par s3:\/\//,
    );
    expect(problems({ STORAGE_URL: "s3://Docs_Majuscules" })).toEqual([
      "STORAGE_URL : le nom du bucket doit compter 3 à 63 caractères (minuscules, chiffres, points, tirets)",
    ]);
    expect(problems({ STORAGE_URL: "s3://cle:secret@documents" })[0]).toMatch(/AWS_ACCESS_KEY_ID/);
    expect(problems({ STORAGE_URL: "s3://documents/dossier" })[0]).toMatch(
      /seulement s3:\/\/bucket/,
    );
    expect(problems({ STORAGE_URL: "s3://documents?endpont=http://x" })).toEqual([
      "STORAGE_URL : paramètre inconnu « endpont » (acceptés : endpoint, region, forcePathStyle)",
    ]);
    expect(problems({ STORAGE_URL: "s3://documents?endpoint=ftp://x" })[0]).toMatch(
      /^STORAGE_URL : endpoint doit être une adresse http\(s\)/,
    );
    expect(problems({ STORAGE_URL: "s3://documents?region=eu west" })[0]).toMatch(
      /^STORAGE_URL : region doit être/,
    );
    expect(problems({ STORAGE_URL: "s3://documents?forcePathStyle=oui" })).toEqual([
      "STORAGE_URL : forcePathStyle doit valoir true ou false",
    ]);
    expect(problems({ STORAGE_URL: "s3://documents", AWS_ACCESS_KEY_ID: "cle" })).toEqual([
      "AWS_SECRET_ACCESS_KEY est obligatoire avec AWS_ACCESS_KEY_ID pour le stockage S3",
    ]);
  });

  test("trusted origins: both loopback forms and PUBLIC_URL", () => {
    expect(trustedOrigins({ port: 4000, publicUrl: undefined })).toEqual([
      "http://localhost:4000",
      "http://127.0.0.1:4000",
    ]);
    expect(trustedOrigins({ port: 4000, publicUrl: "https://prets.example.com" })).toContain(
      "https://prets.example.com",
    );
  });
});

describe("resolveAuthSecret", () => {
  test("generated once into DATA_DIR/auth-secret (mode 600), then reused", () => {
    const dataDir = mkdtempSync(join(tmpdir(), "pret-secret-"));
    try {
      const first = resolveAuthSecret({ dataDir, authSecret: undefined });
      expect(first.length).toBeGreaterThanOrEqual(32);
      const file = join(dataDir, "auth-secret");
      expect(statSync(file).mode & 0o777).toBe(0o600);
      expect(readFileSync(file, "utf8").trim()).toBe(first);
      expect(resolveAuthSecret({ dataDir, authSecret: undefined })).toBe(first);
      expect(resolveAuthSecret({ dataDir, authSecret: "x".repeat(32) })).toBe("x".repeat(32));
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe("SHUTDOWN_TIMEOUT_MS", () => {
  test("25 s by default, whole milliseconds up to ten minutes", () => {
    expect(loadConfig({}).shutdownTimeoutMs).toBe(25_000);
    expect(loadConfig({ SHUTDOWN_TIMEOUT_MS: "5000" }).shutdownTimeoutMs).toBe(5_000);
    expect(problems({ SHUTDOWN_TIMEOUT_MS: "vite" })).toEqual([
      "SHUTDOWN_TIMEOUT_MS doit être un nombre entier de millisecondes",
    ]);
    expect(problems({ SHUTDOWN_TIMEOUT_MS: "900000" })).toEqual([
      "SHUTDOWN_TIMEOUT_MS ne peut dépasser 600000 (10 minutes)",
    ]);
  });
});
