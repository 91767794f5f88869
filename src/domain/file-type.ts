import { type AcceptedFileType, maxUploadBytes } from "./document-category";

/**
 * What a file is, told by its first bytes (magic numbers), never by its name or declared type:
 * a text file named .pdf, or a PNG declared as PDF, is recognised for what it is. The same check
 * runs in the browser (before sending) and on the server (before an upload becomes a document).
 */
const signatures: ReadonlyArray<{ type: AcceptedFileType; bytes: readonly number[] }> = [
  // "%PDF-"
  { type: "application/pdf", bytes: [0x25, 0x50, 0x44, 0x46, 0x2d] },
  // \x89PNG\r\n\x1a\n
  { type: "image/png", bytes: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] },
  // SOI marker followed by the start of the next marker
  { type: "image/jpeg", bytes: [0xff, 0xd8, 0xff] },
];

/** How many leading bytes sniffFileType needs. */
export const sniffLength = 8;

export function sniffFileType(head: Uint8Array): AcceptedFileType | null {
  for (const { type, bytes } of signatures) {
    if (head.length >= bytes.length && bytes.every((byte, index) => head[index] === byte)) {
      return type;
    }
  }
  return null;
}

export const fileTypeLabels: Record<AcceptedFileType, string> = {
  "application/pdf": "PDF",
  "image/png": "PNG",
  "image/jpeg": "JPEG",
};

export const fileTypeExtensions: Record<AcceptedFileType, string> = {
  "application/pdf": ".pdf",
  "image/png": ".png",
  "image/jpeg": ".jpg",
};

export const fileMessages = {
  /** A form sent without its file (the standalone documents form, POST /api/documents). */
  missing: "Veuillez sélectionner un fichier",
  tooLarge: "Le fichier dépasse la taille maximale de 10 Mo.",
  unsupported: "Format non accepté : envoyez un fichier PDF, PNG ou JPEG.",
  empty: "Le fichier est vide.",
  uploadNotFound: "Ce fichier n'est plus disponible : veuillez le télécharger à nouveau.",
  uploadIncomplete: "Le téléchargement de ce fichier n'est pas terminé.",
  tooManyUploads:
    "Trop de fichiers en attente. Terminez votre demande ou réessayez dans quelques heures.",
} as const;

export const uploadHint = "PNG, JPG ou PDF jusqu'à 10 Mo";

/** The problem with a file's size, if any: the browser says it before sending. */
export function fileSizeProblem(size: number): string | null {
  if (size <= 0) return fileMessages.empty;
  if (size > maxUploadBytes) return fileMessages.tooLarge;
  return null;
}

/**
 * Names as people give them may hold anything. They are kept as given, except the control
 * characters (NUL cannot be stored in PostgreSQL, the others are invisible) and the bidirectional
 * controls, and bounded. A right-to-left override (U+202E) turns "facture\u202Efdp.exe" into a
 * name that reads "facture" + "exe.pdf": our pages isolate names in <bdi>, but a downloaded file's
 * name, a file manager or a mail client would show the disguise
 * (docs/decisions/2026-11-25-hostile-input.md).
 */
export const maxFileNameLength = 255;

/**
 * The Unicode Bidi_Control characters: LRM, RLM, ALM (U+200E, U+200F, U+061C), the embeddings and
 * overrides U+202A-U+202E and the isolates U+2066-U+2069.
 */
const bidiControlPattern = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

export function withoutBidiControls(name: string): string {
  return name.replace(bidiControlPattern, "");
}

export function withoutControlCharacters(name: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: removing them is the point
  return withoutBidiControls(name.replace(/[\u0000-\u001f\u007f-\u009f]/g, ""));
}

export function cleanFileName(name: string): string {
  return withoutControlCharacters(name).trim().slice(0, maxFileNameLength);
}
