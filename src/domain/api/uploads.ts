import type { AcceptedFileType } from "../document-category";

/** Resumable uploads (tus protocol) are sent to this endpoint. */
export const uploadsEndpoint = "/api/uploads/";

/** An upload as the server answers once it is complete (and on GET /api/uploads/:id). */
export type UploadJson = {
  id: string;
  fileName: string;
  fileType: AcceptedFileType;
  fileSize: number;
};

/** Upload ids are random, 32 hexadecimal characters. */
export const uploadIdPattern = /^[a-f0-9]{32}$/;
