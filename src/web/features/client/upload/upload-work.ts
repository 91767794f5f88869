// What sending a file takes once it is chosen: the photo compression, the size check, the tus
// client and the upload errors. use-upload.ts loads this module with import(), so that none of it
// (tus-js-client included) is in the first load of a page with a file field; the download starts
// when a file field is first touched or a file chosen (`preload`), well before the first send.
// Statically imported here, they make one chunk of their own, too big to be merged by the
// build's experimentalMinChunkSize into a chunk the pages load at once.
import type { UploadJson } from "../../../../domain/api/uploads";
import { prepareFile } from "./prepare-file";
import { UploadError } from "./upload-error";
import { uploadFile } from "./upload-file";

export type SendEvents = {
  /** The file passed the checks and is being sent; `sentSize` is its size once compressed. */
  onSending: (sentSize: number) => void;
  /** 0 to 100 */
  onProgress: (percent: number) => void;
  /** True while the browser is offline (the upload resumes by itself). */
  onNetworkWait: (waiting: boolean) => void;
};

export type SendResult =
  | { ok: true; upload: UploadJson; originalSize?: number }
  | { ok: false; message: string; retryable: boolean };

/**
 * Checks, compresses a photo and sends: the finished upload, or a French message (a refused file,
 * or an upload that failed, with whether trying again may help). Rejects with an AbortError when
 * `signal` aborts, and with anything unexpected as it is.
 */
export async function sendFile(
  file: File,
  signal: AbortSignal,
  events: SendEvents,
): Promise<SendResult> {
  const prepared = await prepareFile(file, { signal });
  if (!prepared.ok) return { ok: false, message: prepared.message, retryable: false };
  events.onSending(prepared.file.size);
  try {
    const upload = await uploadFile(prepared.file, {
      signal,
      onProgress: events.onProgress,
      onNetworkWait: events.onNetworkWait,
    });
    return {
      ok: true,
      upload,
      originalSize: prepared.compressed ? prepared.originalSize : undefined,
    };
  } catch (error) {
    if (!(error instanceof UploadError)) throw error;
    return { ok: false, message: error.message, retryable: error.retryable };
  }
}
