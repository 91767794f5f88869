import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, test } from "vitest";
import { projectRoot } from "./project-root";
import { startS3Server } from "./test/s3-server";

// The real process: start-up, the DATA_DIR lock between two processes, the admin account from
// ADMIN_EMAIL, `npm run admin:create`, a clean SIGTERM, and data that survives a restart.

const dataDir = mkdtempSync(join(tmpdir(), "pret-main-"));
const children: ChildProcess[] = [];

afterAll(() => {
  for (const child of children) if (child.exitCode === null) child.kill("SIGKILL");
  rmSync(dataDir, { recursive: true, force: true });
});

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() =>
        typeof address === "object" && address ? resolve(address.port) : reject(new Error("port")),
      );
    });
  });
}

function run(script: string, args: string[], env: Record<string, string>) {
  // node itself (not the tsx wrapper) so that child.pid is the server and a kill reaches it.
  const child = spawn(process.execPath, ["--import", "tsx", script, ...args], {
    cwd: projectRoot(),
    env: { ...process.env, LOG_LEVEL: "info", NODE_ENV: "production", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  children.push(child);
  let output = "";
  child.stdout?.on("data", (chunk) => {
    output += String(chunk);
  });
  child.stderr?.on("data", (chunk) => {
    output += String(chunk);
  });
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  return { child, exited, output: () => output };
}

async function waitForHealth(port: number, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const response = await fetch(`http://127.0.0.1:${port}/api/health`);
      if (response.status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`server on ${port} did not become healthy`);
}

const admin = { email: "chef.credit@exemple.ci", password: "Officier-Lagune-2026" };

describe("the server process", () => {
  test("one process per DATA_DIR, clean shutdown, admin accounts, persistence", async () => {
    const port = await freePort();
    const env = {
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: "127.0.0.1",
      ADMIN_EMAIL: admin.email,
      ADMIN_PASSWORD: admin.password,
    };
    const first = run("src/server/main.ts", [], env);
    await waitForHealth(port);
    expect(first.output()).toContain("compte administrateur créé (ADMIN_EMAIL)");
    expect(first.output()).toContain(`plateforme disponible sur http://127.0.0.1:${port}`);

    // A second server on the same DATA_DIR refuses to start; the first keeps serving.
    const second = run("src/server/main.ts", [], { ...env, PORT: String(await freePort()) });
    expect(await second.exited).toBe(1);
    expect(second.output()).toContain(
      `Le dossier de données ${dataDir} est déjà utilisé par un autre processus de la plateforme (serveur de la plateforme, PID ${first.child.pid}`,
    );
    expect(second.output()).toContain("Arrêtez-le ou choisissez un autre DATA_DIR.");
    expect((await fetch(`http://127.0.0.1:${port}/api/health`)).status).toBe(200);

    // So does admin:create while the server holds the embedded database.
    const blocked = run(
      "scripts/admin-create.ts",
      [
        "--email",
        "adjoint@exemple.ci",
        "--password",
        "Adjoint-Baobab-31",
        "--first-name",
        "Ibrahima",
        "--last-name",
        "Ndiaye",
      ],
      { DATA_DIR: dataDir },
    );
    expect(await blocked.exited).toBe(1);
    expect(blocked.output()).toContain("est déjà utilisé par un autre processus de la plateforme");
    expect(blocked.output()).toContain("arrêtez-le, lancez cette commande, puis redémarrez-le");

    // The administrator from ADMIN_EMAIL signs in.
    const signIn = await fetch(`http://127.0.0.1:${port}/api/session`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: `http://localhost:${port}` },
      body: JSON.stringify(admin),
    });
    expect(signIn.status).toBe(200);
    expect((await signIn.json()).user.role).toBe("admin");

    // SIGTERM: clean exit, lock released.
    first.child.kill("SIGTERM");
    expect(await first.exited).toBe(0);
    expect(first.output()).toContain("plateforme arrêtée");
    expect(existsSync(join(dataDir, ".platform.lock"))).toBe(false);

    const created = run(
      "scripts/admin-create.ts",
      [
        "--email",
        "Adjoint@Exemple.ci",
        "--password",
        "Adjoint-Baobab-31",
        "--first-name",
        "Ibrahima",
        "--last-name",
        "Ndiaye",
      ],
      { DATA_DIR: dataDir },
    );
    expect(await created.exited).toBe(0);
    expect(created.output()).toContain(
      "Compte administrateur créé : Ibrahima Ndiaye <adjoint@exemple.ci>",
    );

    // Restart on the same data: both administrators are still there.
    const again = run("src/server/main.ts", [], env);
    await waitForHealth(port);
    const adjoint = await fetch(`http://127.0.0.1:${port}/api/session`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: "adjoint@exemple.ci", password: "Adjoint-Baobab-31" }),
    });
    expect(adjoint.status).toBe(200);
    expect((await adjoint.json()).user).toMatchObject({
      role: "admin",
      firstName: "Ibrahima",
      lastName: "Ndiaye",
    });
    expect(again.output()).not.toContain("compte administrateur créé");
    again.child.kill("SIGINT");
    expect(await again.exited).toBe(0);
  }, 180_000);

  test("wrong settings: a clear message and a non-zero exit", async () => {
    const bad = run("src/server/main.ts", [], { DATA_DIR: dataDir, PORT: "quatre" });
    expect(await bad.exited).toBe(1);
    expect(bad.output()).toContain("Configuration invalide");
    expect(bad.output()).toContain("PORT doit être un nombre entier entre 1 et 65535");
  }, 60_000);

  test("admin:create validates its options", async () => {
    const missing = run("scripts/admin-create.ts", ["--email", "pas-une-adresse"], {
      DATA_DIR: dataDir,
    });
    expect(await missing.exited).toBe(1);
    expect(missing.output()).toContain("Adresse e-mail invalide");
    expect(missing.output()).toContain("L'option --password est obligatoire");
    expect(missing.output()).toContain("Usage : npm run admin:create --");
    const common = run(
      "scripts/admin-create.ts",
      [
        "--email",
        "a@exemple.ci",
        "--password",
        "password1",
        "--first-name",
        "A",
        "--last-name",
        "B",
      ],
      { DATA_DIR: dataDir },
    );
    expect(await common.exited).toBe(1);
    expect(common.output()).toContain("Ce mot de passe est trop courant");
  }, 60_000);
});

describe("the server process on S3", () => {
  test("stores on STORAGE_URL's bucket; a bucket it cannot reach stops the start in French", async () => {
    const s3 = await startS3Server();
    try {
      const setting = await s3.bucket();
      const port = await freePort();
      const ownDir = mkdtempSync(join(dataDir, "s3-"));
      const server = run("src/server/main.ts", [], {
        DATA_DIR: ownDir,
        PORT: String(port),
        ...s3.env(setting),
      });
      await waitForHealth(port);
      expect(server.output()).toContain(`S3 (bucket ${setting.bucket} sur ${s3.endpoint}`);
      server.child.kill("SIGTERM");
      expect(await server.exited).toBe(0);

      const missing = run("src/server/main.ts", [], {
        DATA_DIR: ownDir,
        PORT: String(port),
        ...s3.env({ ...setting, bucket: "bucket-absent" }),
      });
      expect(await missing.exited).toBe(1);
      expect(missing.output()).toContain(
        `stockage des documents injoignable : S3 (bucket bucket-absent sur ${s3.endpoint}`,
      );
      expect(missing.output()).toContain(
        "vérifiez STORAGE_URL, AWS_ACCESS_KEY_ID et AWS_SECRET_ACCESS_KEY",
      );
      // Never a key in the logs.
      expect(missing.output()).not.toContain("S3RVER");
    } finally {
      await s3.close();
    }
  }, 120_000);
});
