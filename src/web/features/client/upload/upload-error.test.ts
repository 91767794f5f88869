import { describe, expect, it } from "vitest";
import { fileMessages } from "../../../../domain/file-type";
import { networkErrorMessage, serverErrorMessage } from "../../../lib/api-client";
import { uploadErrorFrom } from "./upload-error";
import { readUploadBody, uploadIdOfUrl } from "./upload-file";

describe("uploadErrorFrom", () => {
  it("shows the server's own French message", () => {
    const body = JSON.stringify({ error: { code: "too_large", message: "Trop gros, désolé." } });
    const error = uploadErrorFrom(413, body);
    expect(error.message).toBe("Trop gros, désolé.");
    expect(error.retryable).toBe(false);
  });

  it("falls back on a message chosen by status", () => {
    expect(uploadErrorFrom(413, "<html>").message).toBe(fileMessages.tooLarge);
    expect(uploadErrorFrom(415, "").message).toBe(fileMessages.unsupported);
    expect(uploadErrorFrom(404).message).toBe(fileMessages.uploadNotFound);
    expect(uploadErrorFrom(429).message).toBe(fileMessages.tooManyUploads);
    expect(uploadErrorFrom(502, "Bad gateway")).toMatchObject({
      message: serverErrorMessage,
      retryable: true,
    });
  });

  it("blames the network when no answer came", () => {
    expect(uploadErrorFrom(0)).toMatchObject({ message: networkErrorMessage, retryable: true });
  });
});

describe("readUploadBody and uploadIdOfUrl", () => {
  const upload = {
    id: "0123456789abcdef0123456789abcdef",
    fileName: "cni.jpg",
    fileType: "image/jpeg",
    fileSize: 1234,
  };

  it("reads the finished upload from the last answer", () => {
    expect(readUploadBody(JSON.stringify({ upload }))).toEqual(upload);
    expect(readUploadBody("")).toBeNull();
    expect(readUploadBody("{}")).toBeNull();
    expect(readUploadBody("pas du JSON")).toBeNull();
    expect(readUploadBody(JSON.stringify({ upload: { id: 3 } }))).toBeNull();
  });

  it("takes the id at the end of an upload URL", () => {
    expect(uploadIdOfUrl(`http://127.0.0.1:4332/api/uploads/${upload.id}`)).toBe(upload.id);
    expect(uploadIdOfUrl(`/api/uploads/${upload.id}/`)).toBe(upload.id);
    expect(uploadIdOfUrl("/api/uploads/../../etc")).toBeNull();
    expect(uploadIdOfUrl(null)).toBeNull();
  });
});
