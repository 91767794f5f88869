// Creates an administrator (loan officer) account:
//   npm run admin:create -- --email fatou.diop@exemple.ci --password '…' --first-name Fatou --last-name Diop
// With --promote, an existing client account with that e-mail becomes an administrator instead.
// Uses the server's own configuration (DATA_DIR or DATABASE_URL), database and auth code.
import { parseArgs } from "node:util";
import { z } from "zod";
import { emailField } from "../src/domain/schemas/fields.schema";
import { createAdmin } from "../src/server/admin-account";
import { createAuth } from "../src/server/auth/auth";
import { commonPasswordMessage, isCommonPassword } from "../src/server/auth/common-passwords";
import { createBackground } from "../src/server/background";
import { ConfigError, loadConfig, resolveAuthSecret } from "../src/server/config";
import { DataDirLockedError } from "../src/server/db/data-dir-lock";
import { createLogger } from "../src/server/logger";
import { createPlatformMailer, openPlatformDatabase } from "../src/server/platform";

const usage =
  "Usage : npm run admin:create -- --email <adresse> --password <mot de passe> --first-name <prénom> --last-name <nom> [--promote]";

const inputSchema = z.object({
  email: emailField("L'option --email est obligatoire"),
  password: z
    .string({ error: "L'option --password est obligatoire" })
    .min(6, { error: "Le mot de passe doit contenir au moins 6 caractères" })
    .max(128, { error: "Le mot de passe ne doit pas dépasser 128 caractères" }),
  firstName: z
    .string({ error: "L'option --first-name est obligatoire" })
    .trim()
    .min(1, { error: "L'option --first-name est obligatoire" })
    .max(80, { error: "Le prénom ne doit pas dépasser 80 caractères" }),
  lastName: z
    .string({ error: "L'option --last-name est obligatoire" })
    .trim()
    .min(1, { error: "L'option --last-name est obligatoire" })
    .max(80, { error: "Le nom ne doit pas dépasser 80 caractères" }),
});

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

async function main() {
  let args: ReturnType<typeof parseOptions>;
  try {
    args = parseOptions();
  } catch (error) {
    fail(`${error instanceof Error ? error.message : String(error)}\n${usage}`);
  }
  const parsed = inputSchema.safeParse({
    email: args.values.email,
    password: args.values.password,
    firstName: args.values["first-name"],
    lastName: args.values["last-name"],
  });
  if (!parsed.success) {
    fail(`${parsed.error.issues.map((issue) => `- ${issue.message}`).join("\n")}\n${usage}`);
  }
  const input = parsed.data;
  if (await isCommonPassword(input.password)) fail(commonPasswordMessage);

  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) fail(error.message);
    throw error;
  }
  const logger = createLogger(config.logLevel === "info" ? "warn" : config.logLevel);

  let opened: Awaited<ReturnType<typeof openPlatformDatabase>>;
  try {
    opened = await openPlatformDatabase(config, { purpose: "commande admin:create" });
  } catch (error) {
    if (error instanceof DataDirLockedError) {
      fail(
        `${error.message}\nLe serveur utilise la base de données intégrée : arrêtez-le, lancez cette commande, puis redémarrez-le.`,
      );
    }
    throw error;
  }
  const { database, lock } = opened;
  try {
    const auth = createAuth({
      config,
      db: database.db,
      secret: resolveAuthSecret(config),
      mailer: createPlatformMailer(config, logger),
      background: createBackground(logger),
      logger,
    });
    const outcome = await createAdmin({ auth, db: database.db }, input, {
      promote: args.values.promote === true,
    });
    switch (outcome) {
      case "created":
        console.log(
          `Compte administrateur créé : ${input.firstName} ${input.lastName} <${input.email}>. Il peut se connecter sur /auth/login.`,
        );
        break;
      case "promoted":
        console.log(
          `Le compte existant ${input.email} est désormais administrateur (son mot de passe n'a pas changé).`,
        );
        break;
      case "already-admin":
        console.log(
          `Rien à faire : ${input.email} est déjà un compte administrateur (son mot de passe n'a pas changé).`,
        );
        break;
      case "closed-account":
        process.exitCode = 1;
        console.error(
          `Refusé : le compte ${input.email} a été fermé par son titulaire ; il ne peut pas devenir administrateur. Choisissez une autre adresse.`,
        );
        break;
      case "exists-as-client":
        process.exitCode = 1;
        console.error(
          `Refusé : un compte client existe déjà avec l'adresse ${input.email}. Relancez la commande avec --promote pour en faire un administrateur (son mot de passe restera le sien).`,
        );
        break;
    }
  } finally {
    await database.close();
    await lock?.release();
  }
}

function parseOptions() {
  return parseArgs({
    options: {
      email: { type: "string" },
      password: { type: "string" },
      "first-name": { type: "string" },
      "last-name": { type: "string" },
      promote: { type: "boolean", default: false },
    },
    strict: true,
    allowPositionals: false,
  });
}

main().catch((error: unknown) => {
  console.error("Échec de la création du compte administrateur :", error);
  process.exit(1);
});
