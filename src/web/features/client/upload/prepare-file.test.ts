import { describe, expect, it, vi } from "vitest";
import { maxUploadBytes } from "../../../../domain/document-category";
import { fileMessages } from "../../../../domain/file-type";
import { checkFile } from "./check-file";
import { compressAboveBytes, prepareFile, renameForType } from "./prepare-file";

const pdfHead = "%PDF-1.4\n";
const pngHead = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const jpegHead = [0xff, 0xd8, 0xff, 0xe0];

function fileOf(parts: BlobPart[], name: string, type: string) {
  return new File(parts, name, { type, lastModified: 1_700_000_000_000 });
}

function sized(head: BlobPart, size: number, name: string, type: string) {
  const headSize = new Blob([head]).size;
  return fileOf([head, new Uint8Array(size - headSize)], name, type);
}

const neverCompress = vi.fn(async () => {
  throw new Error("not a photo to compress");
});

describe("checkFile", () => {
  it("refuses an empty file", async () => {
    expect(await checkFile(fileOf([], "vide.pdf", "application/pdf"))).toEqual({
      ok: false,
      message: fileMessages.empty,
    });
  });

  it("tells a text file named .pdf for what it is", async () => {
    const text = fileOf(["Bonjour, ceci n'est pas un PDF"], "releve.pdf", "application/pdf");
    expect(await checkFile(text)).toEqual({ ok: false, message: fileMessages.unsupported });
  });

  it("recognises PDF, PNG and JPEG by their first bytes, whatever they are declared as", async () => {
    expect(await checkFile(fileOf([pdfHead], "a.pdf", "application/pdf"))).toEqual({
      ok: true,
      type: "application/pdf",
    });
    const pngAsPdf = fileOf([new Uint8Array(pngHead)], "scan.pdf", "application/pdf");
    expect(await checkFile(pngAsPdf)).toEqual({ ok: true, type: "image/png" });
    const jpegUntyped = fileOf([new Uint8Array(jpegHead)], "photo", "");
    expect(await checkFile(jpegUntyped)).toEqual({ ok: true, type: "image/jpeg" });
  });
});

describe("prepareFile", () => {
  it("refuses a file over 10 MB with the server's message", async () => {
    const big = sized(pdfHead, 11 * 1024 * 1024, "gros.pdf", "application/pdf");
    expect(await prepareFile(big, { compress: neverCompress })).toEqual({
      ok: false,
      message: fileMessages.tooLarge,
    });
  });

  it("accepts exactly 10 MB", async () => {
    const limit = sized(pdfHead, maxUploadBytes, "limite.pdf", "application/pdf");
    const result = await prepareFile(limit, { compress: neverCompress });
    expect(result.ok).toBe(true);
  });

  it("refuses an empty file and a text file named .pdf before any upload", async () => {
    expect(await prepareFile(fileOf([], "vide.pdf", "application/pdf"))).toEqual({
      ok: false,
      message: fileMessages.empty,
    });
    const text = fileOf(["%PD pas tout à fait"], "faux.pdf", "application/pdf");
    expect(await prepareFile(text)).toEqual({ ok: false, message: fileMessages.unsupported });
  });

  it("sends a PNG declared as PDF with its real type", async () => {
    const png = fileOf([new Uint8Array(pngHead), "data"], "scan.pdf", "application/pdf");
    const result = await prepareFile(png, { compress: neverCompress });
    if (!result.ok) throw new Error(result.message);
    expect(result.type).toBe("image/png");
    expect(result.file.type).toBe("image/png");
    expect(result.compressed).toBe(false);
  });

  it("never compresses a PDF, nor a small photo", async () => {
    const compress = vi.fn(async (file: File) => file);
    await prepareFile(sized(pdfHead, 3 * 1024 * 1024, "a.pdf", "application/pdf"), { compress });
    await prepareFile(sized(new Uint8Array(jpegHead), 500_000, "a.jpg", "image/jpeg"), {
      compress,
    });
    expect(compress).not.toHaveBeenCalled();
  });

  it("sends the compressed copy of a large photo, renamed when its type changed", async () => {
    const photo = sized(new Uint8Array(pngHead), compressAboveBytes + 1, "IMG_1.png", "image/png");
    const smaller = fileOf([new Uint8Array(jpegHead), "small"], "IMG_1.png", "image/jpeg");
    const result = await prepareFile(photo, { compress: async () => smaller });
    if (!result.ok) throw new Error(result.message);
    expect(result).toMatchObject({
      type: "image/jpeg",
      compressed: true,
      originalSize: photo.size,
    });
    expect(result.file.name).toBe("IMG_1.jpg");
    expect(result.file.size).toBe(smaller.size);
  });

  it("lets a 12 MB photo through when its compressed copy fits", async () => {
    const photo = sized(new Uint8Array(jpegHead), 12 * 1024 * 1024, "grand.jpg", "image/jpeg");
    const smaller = fileOf([new Uint8Array(jpegHead), "x"], "grand.jpg", "image/jpeg");
    const result = await prepareFile(photo, { compress: async () => smaller });
    expect(result.ok).toBe(true);
  });

  it("keeps the original when compression fails or does not help", async () => {
    const photo = sized(new Uint8Array(jpegHead), 2 * 1024 * 1024, "a.jpg", "image/jpeg");
    const failed = await prepareFile(photo, { compress: neverCompress });
    expect(failed.ok && failed.file).toBe(photo);
    const bigger = sized(new Uint8Array(jpegHead), 3 * 1024 * 1024, "a.jpg", "image/jpeg");
    const useless = await prepareFile(photo, { compress: async () => bigger });
    expect(useless.ok && useless.file).toBe(photo);
  });

  it("stops when the upload is cancelled during compression", async () => {
    const photo = sized(new Uint8Array(jpegHead), 2 * 1024 * 1024, "a.jpg", "image/jpeg");
    const controller = new AbortController();
    const compress = async () => {
      controller.abort();
      throw new DOMException("annulé", "AbortError");
    };
    await expect(prepareFile(photo, { compress, signal: controller.signal })).rejects.toThrow();
  });
});

describe("renameForType", () => {
  it("changes the extension to the type's", () => {
    expect(renameForType("scan.png", "image/jpeg")).toBe("scan.jpg");
    expect(renameForType("photo.jpeg", "image/jpeg")).toBe("photo.jpeg");
    expect(renameForType("photo.JPG", "image/jpeg")).toBe("photo.JPG");
    expect(renameForType("sans extension", "image/jpeg")).toBe("sans extension.jpg");
    expect(renameForType(".png", "image/jpeg")).toBe("photo.jpg");
  });
});
