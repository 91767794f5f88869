import type { AcceptedFileType } from "../../../domain/document-category";
import { fileTypeExtensions, withoutBidiControls } from "../../../domain/file-type";

/**
 * The Content-Disposition of a served file: the name as its owner gave it (RFC 5987 UTF-8 form),
 * with an ASCII fallback for old clients, and the extension of its real type when the name lacks
 * it. Quotes, backslashes, path separators, control characters and bidirectional controls (a name
 * stored before they were dropped at upload) never reach the header.
 */
export function contentDisposition(
  disposition: "inline" | "attachment",
  name: string,
  type: AcceptedFileType,
): string {
  const extension = fileTypeExtensions[type];
  const base = withoutBidiControls(name).replace(/[\\/]/g, "_").trim() || "document";
  const full =
    base.toLowerCase().endsWith(extension) ||
    (type === "image/jpeg" && base.toLowerCase().endsWith(".jpeg"))
      ? base
      : `${base}${extension}`;
  const ascii =
    full
      .normalize("NFKD")
      .replace(/[\u0300-\u036f]/g, "")
      // Printable ASCII only.
      .replace(/[^\x20-\x7e]|["%;\\]/g, "_")
      .slice(0, 150) || `document${extension}`;
  const encoded = encodeURIComponent(full).replace(
    /['()*]/g,
    (character) => `%${character.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `${disposition}; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
