import { Readable } from "node:stream";
import {
  AbortMultipartUploadCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  S3Client,
  type S3ClientConfig,
} from "@aws-sdk/client-s3";
import { Upload } from "@aws-sdk/lib-storage";
import { type MetadataValue, S3Store } from "@tus/s3-store";
import type { KvStore } from "@tus/utils";
import { assertValidKey, isValidKey, type Storage, StorageNotFoundError } from "./storage";
import type { S3StorageSetting } from "./storage-url";

export type S3Storage = Storage & {
  readonly bucket: string;
  /** Closes the HTTP connections kept open to the service. */
  close(): void;
};

/** tus's objects beside an upload: its metadata, and its last part while under S3's 5 MiB. */
const tusSuffixes = [".info", ".part"] as const;

/**
 * tus's S3 store caches each upload's metadata in process memory. With several instances on one
 * bucket a cached entry can outlive the upload (deleted through the other instance), so nothing
 * is cached: a PATCH reads the small `.info` object again, once more per request.
 */
const noCache: KvStore<MetadataValue> = {
  get: async () => undefined,
  set: async () => {},
  delete: async () => {},
  list: async () => [],
};

function isNotFound(error: unknown): boolean {
  const { name, $metadata } = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return (
    name === "NotFound" ||
    name === "NoSuchKey" ||
    name === "NoSuchUpload" ||
    $metadata?.httpStatusCode === 404
  );
}

/**
 * Files in an S3-compatible bucket (Amazon S3, MinIO, Ceph, Scaleway, OVH...), for several
 * instances sharing one store. Objects are private: nothing here makes a URL, the server streams
 * each file after its own checks (decisions/2026-11-25-object-storage.md).
 *
 * Resumable uploads go straight to the bucket through tus's S3 store: a multipart upload, one
 * part per PATCH (the last bytes under S3's 5 MiB minimum kept as a `<id>.part` object until more
 * come), its metadata in `<id>.info`. When the last byte arrives the multipart upload is completed
 * into the object `<id>`, which is `uploadKey(id)`: a document takes that key over, no byte moves.
 */
export function createS3Storage(setting: S3StorageSetting): S3Storage {
  const { bucket } = setting;
  const clientConfig: S3ClientConfig = {
    region: setting.region,
    forcePathStyle: setting.forcePathStyle,
    ...(setting.endpoint ? { endpoint: setting.endpoint } : {}),
    ...(setting.credentials ? { credentials: setting.credentials } : {}),
    // The SDK's default since 2025 adds CRC checksums (aws-chunked bodies) that several
    // S3-compatible services refuse; checksums are sent where the protocol requires them.
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
  };
  const client = new S3Client(clientConfig);
  const uploadStore = new S3Store({
    // 8 MiB parts: a 10 MiB document is two parts at most.
    partSize: 8 * 1024 * 1024,
    cache: noCache,
    s3ClientConfig: { bucket, ...clientConfig },
  });

  const head = async (key: string) => {
    try {
      return await client.send(new HeadObjectCommand({ Bucket: bucket, Key: key }));
    } catch (error) {
      if (isNotFound(error)) return undefined;
      throw error;
    }
  };

  return {
    bucket,
    uploadStore,
    uploadKey: (uploadId) => uploadId,

    async put(key, body) {
      assertValidKey(key);
      // S3 makes an object visible whole or not at all; a stream failing midway aborts the
      // multipart upload (lib-storage), so no half file is left either.
      await new Upload({
        client,
        params: { Bucket: bucket, Key: key, Body: body },
        partSize: 8 * 1024 * 1024,
        queueSize: 2,
      }).done();
    },

    async read(key, range) {
      assertValidKey(key);
      try {
        const answer = await client.send(
          new GetObjectCommand({
            Bucket: bucket,
            Key: key,
            ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}),
          }),
        );
        return answer.Body as Readable;
      } catch (error) {
        if (isNotFound(error)) throw new StorageNotFoundError(key);
        // A range of an empty object is "not satisfiable" to S3; the filesystem reads nothing.
        if ((error as { name?: string }).name === "InvalidRange" && (await head(key))) {
          return Readable.from([]);
        }
        throw error;
      }
    },

    async size(key) {
      assertValidKey(key);
      return (await head(key))?.ContentLength ?? null;
    },

    async exists(key) {
      return (await this.size(key)) !== null;
    },

    async delete(key) {
      assertValidKey(key);
      // An unfinished resumable upload: its multipart upload is aborted, else S3 keeps (and
      // bills) its parts, invisible to listings.
      const uploadId = (await head(`${key}.info`))?.Metadata?.["upload-id"];
      if (uploadId) {
        try {
          await client.send(
            new AbortMultipartUploadCommand({ Bucket: bucket, Key: key, UploadId: uploadId }),
          );
        } catch (error) {
          // Completed or aborted already.
          if (!isNotFound(error)) throw error;
        }
      }
      const answer = await client.send(
        new DeleteObjectsCommand({
          Bucket: bucket,
          Delete: {
            Quiet: true,
            Objects: [key, ...tusSuffixes.map((suffix) => `${key}${suffix}`)].map((Key) => ({
              Key,
            })),
          },
        }),
      );
      const failed = answer.Errors?.filter((item) => item.Code !== "NoSuchKey") ?? [];
      if (failed.length > 0) {
        throw new Error(
          `S3 refused to delete ${failed.map((item) => `${item.Key} (${item.Code})`).join(", ")}`,
        );
      }
    },

    async *list() {
      let token: string | undefined;
      do {
        const page = await client.send(
          new ListObjectsV2Command({ Bucket: bucket, ContinuationToken: token }),
        );
        for (const object of page.Contents ?? []) {
          const key = object.Key ?? "";
          // tus's metadata and pending last part are not files of their own. Keys the platform
          // makes never end so (they are upload ids), and an upload in progress is not listed:
          // its bytes sit in the multipart upload until it completes.
          if (tusSuffixes.some((suffix) => key.endsWith(suffix))) continue;
          if (!isValidKey(key)) continue;
          yield { key, size: object.Size ?? 0 };
        }
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
    },

    async check() {
      await client.send(new HeadBucketCommand({ Bucket: bucket }));
    },

    close() {
      client.destroy();
      (uploadStore as unknown as { client: S3Client }).client.destroy();
    },
  };
}
