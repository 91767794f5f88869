import type { UploadJson } from "../../../../domain/api/uploads";
import { uploadsEndpoint } from "../../../../domain/api/uploads";
import { api } from "../../../lib/api-client";

/**
 * GET /api/uploads/:id: a finished upload of the signed-in user, or a 404 when it is gone (swept,
 * attached to a document already, or someone else's). The wizard asks it after a reload for each
 * upload its draft remembers; no hook, since it is called once per saved upload, not displayed.
 */
export function fetchUpload(id: string, signal?: AbortSignal) {
  return api.get<{ upload: UploadJson }>(`${uploadsEndpoint}${encodeURIComponent(id)}`, {
    signal,
  });
}
