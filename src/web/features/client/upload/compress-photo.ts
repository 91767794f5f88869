// Part of what loads once a file field is touched (upload-work.ts); the library itself loads only
// when a photo above 1.5 MB is to be compressed (in the worker, or here where a worker cannot draw).

/**
 * Target of the compression: about 1 MB, and at most 2560 px on the long side, which keeps the
 * small print of an identity card or a bank statement legible. PNG photos are turned into JPEG
 * (the library paints transparent areas white): a photo of a paper is a photograph, and PNG keeps
 * it several times larger. Drawing on a canvas also drops the EXIF data, the GPS position with it.
 */
export const compressionOptions = {
  maxSizeMB: 1,
  maxWidthOrHeight: 2560,
  initialQuality: 0.85,
  fileType: "image/jpeg",
} as const;

export type CompressRequest = { file: File; options: typeof compressionOptions };
export type CompressReply = { ok: true; file: Blob } | { ok: false; message: string };

function abortError(): DOMException {
  return new DOMException("Compression annulée", "AbortError");
}

/** Whether the browser can decode and encode images off the main thread. */
function canCompressInWorker(): boolean {
  return (
    typeof Worker !== "undefined" &&
    typeof OffscreenCanvas !== "undefined" &&
    typeof createImageBitmap !== "undefined"
  );
}

/**
 * In our own worker (a file of this site: the library's worker would fetch its code from a CDN,
 * which the Content-Security-Policy refuses and a poor connection makes slow), so the page stays
 * responsive on a slow phone while a 12-megapixel photo is decoded and encoded.
 */
function compressInWorker(file: File, signal?: AbortSignal): Promise<Blob> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL("./compress-photo.worker.ts", import.meta.url), {
      type: "module",
    });
    const stop = () => {
      worker.terminate();
      reject(abortError());
    };
    signal?.addEventListener("abort", stop, { once: true });
    const finish = () => {
      signal?.removeEventListener("abort", stop);
      worker.terminate();
    };
    worker.addEventListener("message", (event: MessageEvent<CompressReply>) => {
      finish();
      if (event.data.ok) resolve(event.data.file);
      else reject(new Error(event.data.message));
    });
    worker.addEventListener("error", (event) => {
      finish();
      reject(new Error(event.message || "compression worker failed"));
    });
    worker.postMessage({ file, options: compressionOptions } satisfies CompressRequest);
  });
}

async function compressOnMainThread(file: File, signal?: AbortSignal): Promise<Blob> {
  const { default: imageCompression } = await import("browser-image-compression");
  // useWebWorker: false, or the library would load its worker from a CDN.
  return imageCompression(file, { ...compressionOptions, useWebWorker: false, signal });
}

/** A smaller copy of a photo; throws when the browser cannot decode it. */
export async function compressPhoto(file: File, signal?: AbortSignal): Promise<File> {
  if (signal?.aborted) throw abortError();
  let blob: Blob;
  if (canCompressInWorker()) {
    try {
      blob = await compressInWorker(file, signal);
    } catch (error) {
      if (signal?.aborted) throw error;
      // Some browsers (older Safari) cannot draw in a worker: do it here instead.
      blob = await compressOnMainThread(file, signal);
    }
  } else {
    blob = await compressOnMainThread(file, signal);
  }
  return new File([blob], file.name, {
    type: blob.type || compressionOptions.fileType,
    lastModified: file.lastModified,
  });
}
