// The one way the browser talks to the API: every call resolves (never throws) to
// { data, count, error }, with an error message in French that is fit to show as is.

export const networkErrorMessage = "Erreur réseau. Veuillez vérifier votre connexion.";
export const serverErrorMessage = "Erreur serveur, contactez le support";
export const genericErrorMessage = "Une erreur s'est produite. Veuillez réessayer.";

/** Dispatched on window when an API call answers 401 (see lib/auth/auth-provider.tsx). */
export const unauthorizedEvent = "api:unauthorized";

export type ApiError = {
  /** The server's code ("unauthorized", "validation", ...), or "network" / "bad_response". */
  code: string;
  message: string;
  /** HTTP status; 0 when the request never reached the server. */
  status: number;
  /** Field errors of a validation failure, in French, keyed by the request's field names. */
  fields?: Record<string, string>;
};

export type ApiResult<T> =
  | { data: T; count: number | null; error: null }
  | { data: null; count: null; error: ApiError };

export type ApiRequest = {
  method?: "GET" | "POST" | "PATCH" | "PUT" | "DELETE";
  /** Sent as JSON, or as is when it is FormData. */
  body?: unknown;
  signal?: AbortSignal;
  /** Shown when the server answers an error without a message of its own. */
  fallbackMessage?: string;
};

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null;
}

function readError(body: unknown, status: number, fallback: string): ApiError {
  const raw = isRecord(body) && isRecord(body.error) ? body.error : null;
  const message = raw && typeof raw.message === "string" && raw.message ? raw.message : fallback;
  const code = raw && typeof raw.code === "string" ? raw.code : `http_${status}`;
  const fields =
    raw && isRecord(raw.fields)
      ? Object.fromEntries(
          Object.entries(raw.fields).filter((entry): entry is [string, string] => {
            return typeof entry[1] === "string";
          }),
        )
      : undefined;
  return { code, message, status, ...(fields ? { fields } : {}) };
}

function readCount(response: Response, body: unknown): number | null {
  const header = response.headers.get("X-Total-Count");
  if (header !== null && header !== "" && Number.isFinite(Number(header))) return Number(header);
  if (isRecord(body) && typeof body.count === "number") return body.count;
  return null;
}

export async function apiRequest<T>(path: string, request: ApiRequest = {}): Promise<ApiResult<T>> {
  const { method = "GET", body, signal, fallbackMessage = genericErrorMessage } = request;
  const headers: Record<string, string> = { Accept: "application/json" };
  let payload: BodyInit | undefined;
  if (body instanceof FormData) {
    payload = body;
  } else if (body !== undefined) {
    headers["Content-Type"] = "application/json";
    payload = JSON.stringify(body);
  }

  let response: Response;
  try {
    response = await fetch(path, {
      method,
      headers,
      body: payload,
      signal,
      credentials: "same-origin",
    });
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === "AbortError") {
      return { data: null, count: null, error: { code: "aborted", message: "", status: 0 } };
    }
    return {
      data: null,
      count: null,
      error: { code: "network", message: networkErrorMessage, status: 0 },
    };
  }

  if (response.status === 204) {
    return { data: undefined as T, count: null, error: null };
  }

  let parsed: unknown;
  try {
    const text = await response.text();
    parsed = text === "" ? undefined : JSON.parse(text);
  } catch {
    // A proxy's HTML error page, a truncated reply: nothing the user can act on.
    return {
      data: null,
      count: null,
      error: { code: "bad_response", message: serverErrorMessage, status: response.status },
    };
  }

  if (
    response.status === 401 &&
    !path.startsWith("/api/session") &&
    typeof window !== "undefined"
  ) {
    // The session may have ended elsewhere: let the auth provider re-check it.
    window.dispatchEvent(new Event(unauthorizedEvent));
  }
  if (!response.ok) {
    return { data: null, count: null, error: readError(parsed, response.status, fallbackMessage) };
  }
  return { data: parsed as T, count: readCount(response, parsed), error: null };
}

export const api = {
  get: <T>(path: string, options?: Omit<ApiRequest, "method" | "body">) =>
    apiRequest<T>(path, { ...options, method: "GET" }),
  post: <T>(path: string, body?: unknown, options?: Omit<ApiRequest, "method" | "body">) =>
    apiRequest<T>(path, { ...options, method: "POST", body }),
  patch: <T>(path: string, body?: unknown, options?: Omit<ApiRequest, "method" | "body">) =>
    apiRequest<T>(path, { ...options, method: "PATCH", body }),
  put: <T>(path: string, body?: unknown, options?: Omit<ApiRequest, "method" | "body">) =>
    apiRequest<T>(path, { ...options, method: "PUT", body }),
  delete: <T>(path: string, options?: Omit<ApiRequest, "method" | "body">) =>
    apiRequest<T>(path, { ...options, method: "DELETE" }),
};

/**
 * For the actions that fail by throwing (useApiMutation): the thrown error keeps the French
 * message and the API error details.
 */
export class ApiRequestError extends Error {
  readonly code: string;
  readonly status: number;
  readonly fields?: Record<string, string>;
  constructor(error: ApiError) {
    super(error.message);
    this.name = "ApiRequestError";
    this.code = error.code;
    this.status = error.status;
    if (error.fields) this.fields = error.fields;
  }
}

export function unwrap<T>(result: ApiResult<T>): T {
  if (result.error) throw new ApiRequestError(result.error);
  return result.data;
}
