import { uploadsEndpoint } from "../../../../domain/api/uploads";

/**
 * DELETE /api/uploads/:id (tus termination): a finished upload that is no longer wanted (the
 * client chose another file with 'Changer'). tus asks for its protocol header, which the API
 * client does not send, hence a plain fetch. Best effort: an upload left behind is swept after a
 * day, so a failure is not shown.
 */
export async function deleteUpload(id: string): Promise<boolean> {
  try {
    const response = await fetch(`${uploadsEndpoint}${encodeURIComponent(id)}`, {
      method: "DELETE",
      headers: { "Tus-Resumable": "1.0.0" },
      credentials: "same-origin",
    });
    return response.ok || response.status === 404;
  } catch {
    return false;
  }
}
