/**
 * STORAGE_URL, read once at start-up: unset means the filesystem under DATA_DIR/uploads;
 * `s3://bucket?endpoint=https://host:port&region=…&forcePathStyle=true` an S3-compatible bucket.
 * Each wrong part gets its own French message, so that an operator's typo stops the start
 * instead of surfacing at a client's first upload.
 */
export type S3StorageSetting = {
  kind: "s3";
  bucket: string;
  /** The service's address; undefined for Amazon S3 itself (the SDK finds it from the region). */
  endpoint: string | undefined;
  /** STORAGE_URL's region, else AWS_REGION, else us-east-1 (what S3-compatible services accept). */
  region: string;
  /** Bucket in the path (`host/bucket/key`) instead of the host name: MinIO, Ceph, s3rver... */
  forcePathStyle: boolean;
  /** Set when both AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY are; else the SDK's own sources. */
  credentials?: { accessKeyId: string; secretAccessKey: string };
};

export type StorageSetting = { kind: "filesystem"; root: string } | S3StorageSetting;

const example = "s3://documents?endpoint=https://s3.example.com&region=eu-west-3";
const knownParameters = new Set(["endpoint", "region", "forcePathStyle"]);

/** Bucket names as S3 allows them (3 to 63 lower-case letters, digits, dots and dashes). */
const bucketPattern = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;

/** The setting, or the French message saying what is wrong with the value. */
export function parseStorageUrl(
  value: string,
): (Omit<S3StorageSetting, "region" | "credentials"> & { region: string | undefined }) | string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return `STORAGE_URL doit être une adresse s3://, par exemple ${example}`;
  }
  if (url.protocol !== "s3:") {
    return `STORAGE_URL doit commencer par s3:// (sans STORAGE_URL, les fichiers restent dans DATA_DIR/uploads), par exemple ${example}`;
  }
  const bucket = url.hostname;
  if (!bucketPattern.test(bucket) || bucket.includes("..")) {
    return "STORAGE_URL : le nom du bucket doit compter 3 à 63 caractères (minuscules, chiffres, points, tirets)";
  }
  if ((url.pathname !== "" && url.pathname !== "/") || url.username || url.password || url.port) {
    return "STORAGE_URL : écrivez seulement s3://bucket?… ; les clés d'accès se donnent dans AWS_ACCESS_KEY_ID et AWS_SECRET_ACCESS_KEY";
  }
  for (const name of url.searchParams.keys()) {
    if (!knownParameters.has(name)) {
      return `STORAGE_URL : paramètre inconnu « ${name} » (acceptés : endpoint, region, forcePathStyle)`;
    }
  }

  const endpointValue = url.searchParams.get("endpoint") ?? undefined;
  let endpoint: string | undefined;
  if (endpointValue !== undefined) {
    try {
      const parsed = new URL(endpointValue);
      if (parsed.protocol !== "http:" && parsed.protocol !== "https:") throw new Error("protocol");
      if (parsed.username || parsed.password) throw new Error("credentials");
      endpoint = parsed.href.replace(/\/$/, "");
    } catch {
      return "STORAGE_URL : endpoint doit être une adresse http(s) sans identifiants, par exemple endpoint=https://s3.example.com";
    }
  }

  const region = url.searchParams.get("region")?.trim() || undefined;
  if (region !== undefined && !/^[a-z0-9-]{2,40}$/i.test(region)) {
    return "STORAGE_URL : region doit être un nom de région, par exemple region=eu-west-3";
  }

  const style = url.searchParams.get("forcePathStyle")?.trim().toLowerCase();
  if (style !== undefined && !["true", "false", "1", "0"].includes(style)) {
    return "STORAGE_URL : forcePathStyle doit valoir true ou false";
  }
  return {
    kind: "s3",
    bucket,
    endpoint,
    region,
    forcePathStyle: style === "true" || style === "1",
  };
}
