import { fileMessages } from "../../../../domain/file-type";
import { networkErrorMessage, serverErrorMessage } from "../../../lib/api-client";

export const sessionExpiredUploadMessage = "Votre session a expiré. Veuillez vous reconnecter.";

/** An upload that failed, with a French message fit to show as is. */
export class UploadError extends Error {
  /** HTTP status; 0 when the server was never reached. */
  readonly status: number;
  /** Whether trying again may help (network, server trouble), as opposed to a refused file. */
  readonly retryable: boolean;
  constructor(message: string, status: number) {
    super(message);
    this.name = "UploadError";
    this.status = status;
    this.retryable = status === 0 || status === 408 || status === 423 || status >= 500;
  }
}

function messageOfBody(body: string | null | undefined): string | null {
  if (!body) return null;
  try {
    const parsed: unknown = JSON.parse(body);
    if (typeof parsed !== "object" || parsed === null || !("error" in parsed)) return null;
    const error = (parsed as { error: unknown }).error;
    if (typeof error !== "object" || error === null || !("message" in error)) return null;
    const message = (error as { message: unknown }).message;
    return typeof message === "string" && message.trim() ? message : null;
  } catch {
    return null;
  }
}

/**
 * The message of a failed upload request: the server's own French message when its body has
 * one (`{ error: { code, message } }`), else one chosen by status; no response at all is the
 * network's fault.
 */
export function uploadErrorFrom(status: number, body?: string | null): UploadError {
  if (!status) return new UploadError(networkErrorMessage, 0);
  const fromServer = messageOfBody(body);
  if (fromServer) return new UploadError(fromServer, status);
  if (status === 413) return new UploadError(fileMessages.tooLarge, status);
  if (status === 415) return new UploadError(fileMessages.unsupported, status);
  if (status === 401) return new UploadError(sessionExpiredUploadMessage, status);
  if (status === 404 || status === 410) return new UploadError(fileMessages.uploadNotFound, status);
  if (status === 429) return new UploadError(fileMessages.tooManyUploads, status);
  return new UploadError(serverErrorMessage, status);
}
