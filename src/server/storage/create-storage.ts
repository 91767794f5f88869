import { createFilesystemStorage } from "./filesystem-storage";
import { createS3Storage } from "./s3-storage";
import type { Storage } from "./storage";
import type { StorageSetting } from "./storage-url";

/** The driver STORAGE_URL chose (config.storage), with what closing it takes. */
export function createStorage(setting: StorageSetting): Storage & { close(): void } {
  if (setting.kind === "s3") return createS3Storage(setting);
  return { ...createFilesystemStorage(setting.root), close() {} };
}

/** Where files go, for the start-up log line and messages (never a credential). */
export function describeStorage(setting: StorageSetting): string {
  if (setting.kind === "filesystem") return `disque (${setting.root})`;
  return `S3 (bucket ${setting.bucket}${setting.endpoint ? ` sur ${setting.endpoint}` : ""}, région ${setting.region})`;
}

/**
 * Checks the storage answers before the server takes requests: a wrong bucket, endpoint or key
 * stops the start with a French message instead of failing a client's first upload.
 */
export async function checkStorage(storage: Storage, setting: StorageSetting): Promise<void> {
  try {
    await storage.check();
  } catch (error) {
    const cause = error instanceof Error ? `${error.name} ${error.message}`.trim() : String(error);
    const hint =
      setting.kind === "s3"
        ? "vérifiez STORAGE_URL, AWS_ACCESS_KEY_ID et AWS_SECRET_ACCESS_KEY"
        : "vérifiez DATA_DIR et les droits du dossier";
    throw new Error(
      `stockage des documents injoignable : ${describeStorage(setting)} (${cause}) ; ${hint}`,
    );
  }
}
