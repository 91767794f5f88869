import { Upload } from "tus-js-client";
import type { UploadJson } from "../../../../domain/api/uploads";
import { uploadIdPattern, uploadsEndpoint } from "../../../../domain/api/uploads";
import { fetchUpload } from "../api/get-upload";
import { pauseReason } from "./upload-abort";
import { type UploadError, uploadErrorFrom } from "./upload-error";

/**
 * Waits before each new attempt after a failed request, about three minutes in all: a dropped
 * mobile connection comes back by itself most of the time. The count restarts whenever an
 * attempt got some bytes through.
 */
export const uploadRetryDelays = [0, 1000, 3000, 5000, 10_000, 20_000, 30_000, 60_000, 60_000];

/**
 * A request that makes no progress for this long is dropped and the upload resumed: on a mobile
 * network a connection often stalls without ever failing, and the browser would wait forever.
 */
export const stallTimeoutMs = 45_000;

export type UploadFileOptions = {
  /** 0 to 100; 100 only once the server has accepted the whole file. */
  onProgress?: (percent: number) => void;
  /** True while the browser is offline: the upload then waits and resumes on its own. */
  onNetworkWait?: (waiting: boolean) => void;
  /** Aborting cancels the upload and deletes what the server received (unless `pauseReason`). */
  signal?: AbortSignal;
};

/**
 * Identifies a file for resuming: after a reload, choosing the same file again continues its
 * upload where it stopped. By content, not by name and date (tus' default), so that a photo
 * compressed again can never be appended to the bytes of an earlier, different compression.
 */
async function fingerprint(file: File): Promise<string> {
  const base = `tus-pret-${file.size}-${uploadsEndpoint}`;
  if (typeof crypto === "undefined" || !crypto.subtle) {
    // No Web Crypto outside a secure context: fall back to what tus itself uses.
    return `${base}-${file.name}-${file.type}-${file.lastModified}`;
  }
  const digest = await crypto.subtle.digest("SHA-256", await file.arrayBuffer());
  const hex = Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, "0"));
  return `${base}-${hex.join("")}`;
}

function isUploadJson(value: unknown): value is UploadJson {
  if (typeof value !== "object" || value === null) return false;
  const upload = value as Record<string, unknown>;
  return (
    typeof upload.id === "string" &&
    typeof upload.fileName === "string" &&
    typeof upload.fileType === "string" &&
    typeof upload.fileSize === "number"
  );
}

/** The `{ upload }` that the server answers to the PATCH that completes a file. */
export function readUploadBody(body: string | null | undefined): UploadJson | null {
  if (!body) return null;
  try {
    const parsed: unknown = JSON.parse(body);
    if (typeof parsed !== "object" || parsed === null) return null;
    const upload = (parsed as { upload?: unknown }).upload;
    return isUploadJson(upload) ? upload : null;
  } catch {
    return null;
  }
}

/** The upload id at the end of a tus upload URL (…/api/uploads/<id>). */
export function uploadIdOfUrl(url: string | null): string | null {
  if (!url) return null;
  const id = new URL(url, "http://localhost").pathname.split("/").filter(Boolean).pop() ?? "";
  return uploadIdPattern.test(id) ? id : null;
}

type DetailedErrorLike = Error & {
  originalResponse?: { getStatus(): number; getBody(): string } | null;
};

function toUploadError(error: DetailedErrorLike): UploadError {
  const response = error.originalResponse;
  if (!response) return uploadErrorFrom(0);
  let body: string | null = null;
  try {
    body = response.getBody();
  } catch {
    body = null;
  }
  return uploadErrorFrom(response.getStatus(), body);
}

export function abortError(): DOMException {
  return new DOMException("Téléchargement annulé", "AbortError");
}

const offline = () => typeof navigator !== "undefined" && navigator.onLine === false;

/**
 * Sends a file to the resumable upload endpoint (tus 1.0) and resolves to the finished upload.
 * Loaded with the tus client through upload-work.ts, never with the page. A dropped connection is retried with growing
 * delays; while the browser is offline the upload waits, then resumes from the last byte the
 * server holds when the connection is back. Rejects with an UploadError (French message), or an
 * AbortError when `signal` aborts.
 */
export async function uploadFile(file: File, options: UploadFileOptions = {}): Promise<UploadJson> {
  const { signal, onProgress, onNetworkWait } = options;
  if (signal?.aborted) throw abortError();
  const key = await fingerprint(file);
  if (signal?.aborted) throw abortError();

  return new Promise<UploadJson>((resolve, reject) => {
    let settled = false;
    let waiting = false;
    let stallTimer: ReturnType<typeof setTimeout> | undefined;
    let lastPercent = -1;

    const report = (percent: number) => {
      if (percent === lastPercent) return;
      lastPercent = percent;
      onProgress?.(percent);
    };
    const setWaiting = (next: boolean) => {
      if (waiting === next) return;
      waiting = next;
      onNetworkWait?.(next);
    };
    const cleanup = () => {
      settled = true;
      clearTimeout(stallTimer);
      window.removeEventListener("online", onOnline);
      window.removeEventListener("offline", onOffline);
      signal?.removeEventListener("abort", onAbort);
    };
    const fail = (error: unknown) => {
      if (settled) return;
      cleanup();
      reject(error);
    };
    const succeed = (result: UploadJson) => {
      if (settled) return;
      cleanup();
      report(100);
      resolve(result);
    };

    const resume = () => {
      if (settled) return;
      upload.start();
    };
    const armStallTimer = () => {
      clearTimeout(stallTimer);
      stallTimer = setTimeout(() => {
        if (settled || waiting) return;
        void upload.abort().then(resume, resume);
      }, stallTimeoutMs);
    };
    const onOffline = () => {
      if (settled) return;
      clearTimeout(stallTimer);
      setWaiting(true);
      // Stop now rather than let the request hang; what the server received is kept.
      void upload.abort();
    };
    const onOnline = () => {
      if (settled || !waiting) return;
      setWaiting(false);
      resume();
    };
    const onAbort = () => {
      if (settled) return;
      cleanup();
      // A cancel terminates the upload on the server and forgets it here (best effort); a pause
      // keeps both, for a later resume.
      upload.abort(signal?.reason !== pauseReason).catch(() => undefined);
      reject(abortError());
    };

    const upload = new Upload(file, {
      endpoint: uploadsEndpoint,
      retryDelays: uploadRetryDelays,
      storeFingerprintForResuming: true,
      removeFingerprintOnSuccess: true,
      fingerprint: async () => key,
      metadata: { filename: file.name, filetype: file.type },
      onBeforeRequest: () => armStallTimer(),
      onAfterResponse: () => clearTimeout(stallTimer),
      onProgress: (sent, total) => {
        armStallTimer();
        // 100 % is kept for the server's answer: it still checks the file once all is sent.
        report(total > 0 ? Math.min(99, Math.floor((sent / total) * 100)) : 0);
      },
      onError: (error) => {
        if (settled) return;
        clearTimeout(stallTimer);
        const failure = toUploadError(error as DetailedErrorLike);
        if (failure.status === 0 && offline()) {
          // tus does not retry while offline; the `online` event resumes it.
          setWaiting(true);
          return;
        }
        fail(failure);
      },
      onSuccess: ({ lastResponse }) => {
        const finished = readUploadBody(lastResponse.getBody());
        if (finished) {
          succeed(finished);
          return;
        }
        // The file was already complete on the server (a resume after a reload found every
        // byte there), so the answer was a HEAD without a body: ask for the upload.
        const id = uploadIdOfUrl(upload.url);
        if (!id) {
          fail(uploadErrorFrom(500));
          return;
        }
        void fetchUpload(id, signal).then(({ data, error }) => {
          if (data) succeed(data.upload);
          else fail(error.code === "aborted" ? abortError() : uploadErrorFrom(error.status));
        });
      },
    });

    window.addEventListener("online", onOnline);
    window.addEventListener("offline", onOffline);
    signal?.addEventListener("abort", onAbort, { once: true });

    upload
      .findPreviousUploads()
      .then((previous) => {
        const latest = previous.sort((a, b) => b.creationTime.localeCompare(a.creationTime))[0];
        if (latest) upload.resumeFromPreviousUpload(latest);
      })
      .catch(() => undefined)
      .finally(() => {
        if (settled) return;
        if (offline()) {
          setWaiting(true);
          return;
        }
        report(0);
        upload.start();
      });
  });
}
