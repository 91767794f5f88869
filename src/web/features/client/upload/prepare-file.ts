import type { AcceptedFileType } from "../../../../domain/document-category";
import { fileSizeProblem, fileTypeExtensions, sniffFileType } from "../../../../domain/file-type";
import { checkFile, readHead } from "./check-file";
import { compressPhoto } from "./compress-photo";

/** Photos above this size are compressed before sending; PDFs are always sent as they are. */
export const compressAboveBytes = 1.5 * 1024 * 1024;

/** Shrinks a photo; may throw (the original is then sent). */
export type CompressPhoto = (file: File, signal?: AbortSignal) => Promise<File>;

export type PreparedFile = {
  ok: true;
  /** What to send: the original, or a smaller copy of a photo. */
  file: File;
  type: AcceptedFileType;
  originalSize: number;
  compressed: boolean;
};

export type PrepareResult = PreparedFile | { ok: false; message: string };

/** The name to send with a file whose type changed (a PNG photo sent as JPEG). */
export function renameForType(name: string, type: AcceptedFileType): string {
  const extension = fileTypeExtensions[type];
  const base = name.replace(/\.[^./\\]{1,5}$/, "");
  const current = name.slice(base.length).toLowerCase();
  if (current === extension || (type === "image/jpeg" && current === ".jpeg")) return name;
  return `${base || "photo"}${extension}`;
}

/**
 * Everything done before sending: the checks of checkFile, then photos (JPEG, PNG) above 1.5 MB
 * are compressed (the library loads only then), and the size limit is checked on what will be sent,
 * so a 12 MB phone photo that compresses to 1 MB goes through. The original is kept when the
 * compression fails or does not make the file smaller.
 */
export async function prepareFile(
  file: File,
  { compress = compressPhoto, signal }: { compress?: CompressPhoto; signal?: AbortSignal } = {},
): Promise<PrepareResult> {
  const check = await checkFile(file);
  if (!check.ok) return check;

  let result: File = file;
  let type = check.type;
  if (type !== "application/pdf" && file.size > compressAboveBytes) {
    try {
      const smaller = await compress(file, signal);
      const smallerType = sniffFileType(await readHead(smaller));
      if (smallerType && smaller.size > 0 && smaller.size < file.size) {
        type = smallerType;
        result = new File([smaller], renameForType(file.name, smallerType), {
          type: smallerType,
          lastModified: file.lastModified,
        });
      }
    } catch (error) {
      if (signal?.aborted) throw error;
      // A photo the browser cannot decode may still be one the server accepts: send it as is.
    }
  }

  const sizeProblem = fileSizeProblem(result.size);
  if (sizeProblem) return { ok: false, message: sizeProblem };
  if (result === file && file.type !== type) {
    // The declared type is only a guess of the phone or the OS; the bytes say what it is.
    result = new File([file], file.name, { type, lastModified: file.lastModified });
  }
  return {
    ok: true,
    file: result,
    type,
    originalSize: file.size,
    compressed: result.size < file.size,
  };
}
