import { adminCreateCommand, countAdmins, createAdmin } from "./admin-account";
import { type BuildAppOptions, buildApp } from "./app";
import { isCommonPassword } from "./auth/common-passwords";
import { serveLiveSnapshots } from "./backup/live-snapshot";
import { ConfigError, loadConfig, resolveAuthSecret } from "./config";
import { DataDirLockedError } from "./db/data-dir-lock";
import { createLogger } from "./logger";
import { createPlatformMailer, openPlatformDatabase } from "./platform";
import { checkStorage, describeStorage } from "./storage/create-storage";

/**
 * Starts the platform process: configuration, the database and its lock, the server, the stop on
 * SIGTERM/SIGINT. main.ts runs it on the build; dev.ts (`npm run dev`) on the sources.
 */
export async function servePlatform(options: Pick<BuildAppOptions, "devWeb"> = {}) {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const logger = createLogger(config.logLevel);

  let shuttingDown: Promise<void> | undefined;
  let shutdown: (reason: string, exitCode: number) => Promise<void> = async (_reason, exitCode) => {
    process.exit(exitCode);
  };

  let opened: Awaited<ReturnType<typeof openPlatformDatabase>>;
  try {
    opened = await openPlatformDatabase(config, {
      purpose: "serveur de la plateforme",
      onLockCompromised: (error) => {
        try {
          logger.fatal({ err: error }, "verrou du dossier de données perdu : arrêt par sécurité");
        } finally {
          void shutdown("verrou perdu", 1);
        }
      },
    });
  } catch (error) {
    if (error instanceof DataDirLockedError) {
      console.error(error.message);
      process.exit(1);
    }
    logger.fatal({ err: error }, "impossible d'ouvrir la base de données");
    process.exit(1);
  }
  const { database, lock } = opened;
  let app: Awaited<ReturnType<typeof buildApp>> | undefined;
  let stopLiveSnapshots: (() => Promise<void>) | undefined;

  shutdown = (reason, exitCode) => {
    if (shuttingDown) return shuttingDown;
    const timeoutMs = config.shutdownTimeoutMs;
    let cut = false;
    const log = (level: "info" | "warn" | "error", data: object, message: string) => {
      try {
        logger[level](data, message);
      } catch {
        // stdout may be gone (closed pipe): stopping matters more than the log line.
      }
    };
    // New requests are refused at once (503, http/health.ts); those in flight, uploads included,
    // have until the deadline, then their connections are cut.
    const deadline = setTimeout(() => {
      cut = true;
      log(
        "warn",
        { timeoutMs },
        "délai d'arrêt dépassé : les requêtes encore en cours sont coupées",
      );
      app?.server.closeAllConnections();
    }, timeoutMs);
    deadline.unref();
    // Set first: whatever happens below (even a log write failing, a database that never closes),
    // the process ends.
    const force = setTimeout(() => process.exit(1), timeoutMs + 10_000);
    force.unref();
    shuttingDown = (async () => {
      log("info", { reason, timeoutMs }, "arrêt de la plateforme");
      try {
        // Stops listening, answers new requests 503, waits for the requests in flight, then
        // the background mails and periodic jobs (onClose hooks).
        await app?.close();
      } catch (error) {
        log("error", { err: error }, "erreur à la fermeture du serveur HTTP");
      }
      clearTimeout(deadline);
      await stopLiveSnapshots?.().catch(() => {});
      try {
        await database.close();
      } catch (error) {
        log("error", { err: error }, "erreur à la fermeture de la base de données");
      }
      await lock?.release().catch(() => {});
      log("info", { cut }, "plateforme arrêtée");
      // 0 when everything in flight finished; 1 when the deadline had to cut requests.
    })().finally(() => process.exit(cut ? 1 : exitCode));
    return shuttingDown;
  };
  const onSignal = (signal: NodeJS.Signals) => {
    // A second Ctrl+C while stopping: stop now (the lock is removed on exit all the same).
    if (shuttingDown) process.exit(1);
    void shutdown(signal, 0);
  };
  process.on("SIGTERM", onSignal);
  process.on("SIGINT", onSignal);

  try {
    const mailer = createPlatformMailer(config, logger);
    app = await buildApp({
      config,
      database,
      mailer,
      authSecret: resolveAuthSecret(config),
      logger,
      devWeb: options.devWeb,
    });

    await checkStorage(app.deps.storage, config.storage);

    if (config.admin) {
      if (await isCommonPassword(config.admin.password)) {
        throw new Error(
          "ADMIN_PASSWORD est un mot de passe trop courant : choisissez-en un plus difficile à deviner.",
        );
      }
      const outcome = await createAdmin(app.deps, config.admin, { from: "start_up" });
      if (outcome === "created") {
        logger.info({ email: config.admin.email }, "compte administrateur créé (ADMIN_EMAIL)");
      } else if (outcome === "closed-account") {
        logger.warn(
          { email: config.admin.email },
          "ADMIN_EMAIL désigne un compte fermé : il ne devient pas administrateur (choisissez une autre adresse)",
        );
      } else if (outcome === "exists-as-client") {
        logger.warn(
          { email: config.admin.email },
          "ADMIN_EMAIL désigne un compte client existant : il n'est pas promu automatiquement (npm run admin:create -- --promote ...)",
        );
      }
    }
    if (config.publicUrl && !config.trustProxy) {
      logger.warn(
        "PUBLIC_URL est défini sans TRUST_PROXY : derrière un proxy inverse, définissez TRUST_PROXY=true pour que les limites de tentatives visent l'adresse de chaque visiteur et non celle du proxy",
      );
    }
    if ((await countAdmins(database.db)) === 0) {
      logger.warn(
        `aucun compte administrateur : créez-en un avec la commande ${adminCreateCommand} (ou définissez ADMIN_EMAIL et ADMIN_PASSWORD)`,
      );
    }

    if (database.kind === "pglite") {
      // `npm run backup` while the server runs asks it for an image of the embedded database.
      try {
        stopLiveSnapshots = await serveLiveSnapshots({
          dataDir: config.dataDir,
          database,
          onError: (error) =>
            logger.error({ err: error }, "image de la base pour une sauvegarde impossible"),
        });
      } catch (error) {
        logger.warn(
          { err: error },
          "sauvegarde en marche indisponible (npm run backup demandera d'arrêter le serveur)",
        );
      }
    }

    await app.listen({ port: config.port, host: config.host });
    const shownHost = config.host === "0.0.0.0" || config.host === "::" ? "localhost" : config.host;
    logger.info(
      {
        url: `http://${shownHost}:${config.port}`,
        database: database.kind === "pglite" ? `PGlite (${config.dataDir})` : "PostgreSQL",
        mail: config.smtpUrl ? "SMTP" : `boîte d'envoi locale (${config.dataDir}/outbox)`,
        storage: describeStorage(config.storage),
      },
      `plateforme disponible sur http://${shownHost}:${config.port}`,
    );
  } catch (error) {
    logger.fatal({ err: error }, error instanceof Error ? error.message : "démarrage impossible");
    await shutdown("échec du démarrage", 1);
  }
}
