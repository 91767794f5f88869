import type { AcceptedFileType } from "../../../../domain/document-category";
import { fileMessages, sniffFileType, sniffLength } from "../../../../domain/file-type";

export type FileCheck = { ok: true; type: AcceptedFileType } | { ok: false; message: string };

/** The first bytes of a file, enough to tell its type (sniffFileType). */
export async function readHead(file: Blob): Promise<Uint8Array> {
  return new Uint8Array(await file.slice(0, sniffLength).arrayBuffer());
}

/**
 * The checks the browser can make at once, with the server's own messages: not empty, and a PDF,
 * PNG or JPEG by its first bytes (a text file named .pdf, or a PNG declared as PDF, is told for
 * what it is). The size is checked by prepareFile, after a photo has been compressed.
 * Apart from prepare-file.ts: a file is checked as soon as it is chosen, before the code that
 * sends it (upload-work.ts) has to be there.
 */
export async function checkFile(file: Blob): Promise<FileCheck> {
  if (file.size <= 0) return { ok: false, message: fileMessages.empty };
  const type = sniffFileType(await readHead(file));
  if (!type) return { ok: false, message: fileMessages.unsupported };
  return { ok: true, type };
}
