import { useCallback, useEffect, useRef, useState } from "react";
import type { UploadJson } from "../../../../domain/api/uploads";
import { genericErrorMessage } from "../../../lib/api-client";
import { deleteUpload } from "../api/delete-upload";
import { checkFile, prepareFile } from "./prepare-file";
import { UploadError } from "./upload-error";
import { isAbortError, pauseReason, uploadFile } from "./upload-file";

/** The file as the client chose it, for display. */
export type ChosenFile = { name: string; size: number };

export type UploadState =
  | { status: "idle" }
  /** Chosen and checked, not sent yet (the documents form sends on submit). */
  | { status: "chosen"; file: ChosenFile }
  /** Checked, and a photo being compressed. */
  | { status: "preparing"; file: ChosenFile }
  | {
      status: "uploading";
      file: ChosenFile;
      /** 0 to 100 */
      progress: number;
      /** The browser is offline: the upload resumes by itself when it is back. */
      waitingForNetwork: boolean;
      /** The size once compressed, when the photo was compressed. */
      sentSize: number;
    }
  | { status: "done"; upload: UploadJson; originalSize?: number }
  | {
      status: "error";
      message: string;
      file?: ChosenFile;
      /** Trying the same file again may help (network or server trouble). */
      retryable: boolean;
    };

/** How a start ended: the finished upload, a French message, or null when it was cancelled. */
export type StartResult = { ok: true; upload: UploadJson } | { ok: false; message: string | null };

const cancelled: StartResult = { ok: false, message: null };

export type UploadController = {
  state: UploadState;
  /** Keeps a file to send later, after the quick checks (empty, type); false when refused. */
  choose: (file: File) => Promise<boolean>;
  /** Checks, compresses a photo, sends; replaces (and discards) any earlier file of the slot. */
  start: (file?: File) => Promise<StartResult>;
  /** Sends the same file again after a failure. */
  retry: () => void;
  /** Stops the upload and discards what was sent; back to idle. */
  cancel: () => void;
  /** Back to idle without discarding (the upload now belongs to a document). */
  reset: () => void;
  /** Shows an upload finished earlier (a draft restored after a reload). */
  restore: (upload: UploadJson) => void;
  /** Puts the slot in error with a message (a server's refusal at submit). */
  fail: (message: string) => void;
};

type Options = {
  /** Called when a file finishes (not for `initial` or `restore`). */
  onUploaded?: (upload: UploadJson) => void;
  /** An upload finished earlier, shown as done from the first render (a restored draft). */
  initial?: UploadJson;
};

function chosenFileOf(file: File): ChosenFile {
  return { name: file.name, size: file.size };
}

/**
 * One file slot: states idle, chosen, preparing, uploading (with progress), done and error.
 * An upload in progress survives the component that shows it as long as the hook's owner lives
 * (the wizard keeps its three slots while the client goes back to step 1).
 */
export function useUpload({ onUploaded, initial }: Options = {}): UploadController {
  const [state, setState] = useState<UploadState>(() =>
    initial ? { status: "done", upload: initial } : { status: "idle" },
  );
  const controller = useRef<AbortController | null>(null);
  const finished = useRef<UploadJson | null>(initial ?? null);
  const lastFile = useRef<File | null>(null);
  const onUploadedRef = useRef(onUploaded);
  onUploadedRef.current = onUploaded;

  const stop = useCallback(() => {
    controller.current?.abort();
    controller.current = null;
  }, []);

  /** A finished upload replaced by another file is no longer wanted: delete it (best effort). */
  const discardFinished = useCallback(() => {
    const previous = finished.current;
    finished.current = null;
    if (previous) void deleteUpload(previous.id);
  }, []);

  const choose = useCallback(
    async (file: File) => {
      stop();
      discardFinished();
      lastFile.current = file;
      const check = await checkFile(file);
      if (lastFile.current !== file) return false;
      if (!check.ok) {
        setState({
          status: "error",
          message: check.message,
          file: chosenFileOf(file),
          retryable: false,
        });
        return false;
      }
      setState({ status: "chosen", file: chosenFileOf(file) });
      return true;
    },
    [stop, discardFinished],
  );

  const start = useCallback(
    async (chosen?: File): Promise<StartResult> => {
      const file = chosen ?? lastFile.current;
      if (!file) return cancelled;
      stop();
      discardFinished();
      lastFile.current = file;
      const own = new AbortController();
      controller.current = own;
      const shown = chosenFileOf(file);
      const current = () => controller.current === own && !own.signal.aborted;
      setState({ status: "preparing", file: shown });
      try {
        const prepared = await prepareFile(file, { signal: own.signal });
        if (!current()) return cancelled;
        if (!prepared.ok) {
          setState({ status: "error", message: prepared.message, file: shown, retryable: false });
          return { ok: false, message: prepared.message };
        }
        const sentSize = prepared.file.size;
        setState({
          status: "uploading",
          file: shown,
          progress: 0,
          waitingForNetwork: false,
          sentSize,
        });
        const upload = await uploadFile(prepared.file, {
          signal: own.signal,
          onProgress: (progress) => {
            if (!current()) return;
            setState((state) => (state.status === "uploading" ? { ...state, progress } : state));
          },
          onNetworkWait: (waitingForNetwork) => {
            if (!current()) return;
            setState((state) =>
              state.status === "uploading" ? { ...state, waitingForNetwork } : state,
            );
          },
        });
        if (!current()) return cancelled;
        controller.current = null;
        finished.current = upload;
        setState({
          status: "done",
          upload,
          originalSize: prepared.compressed ? prepared.originalSize : undefined,
        });
        onUploadedRef.current?.(upload);
        return { ok: true, upload };
      } catch (error) {
        if (!current() || isAbortError(error)) return cancelled;
        controller.current = null;
        const known = error instanceof UploadError;
        const message = known ? error.message : genericErrorMessage;
        setState({
          status: "error",
          message,
          file: shown,
          retryable: known ? error.retryable : true,
        });
        return { ok: false, message };
      }
    },
    [stop, discardFinished],
  );

  const retry = useCallback(() => {
    if (lastFile.current) void start(lastFile.current);
  }, [start]);

  const cancel = useCallback(() => {
    stop();
    discardFinished();
    lastFile.current = null;
    setState({ status: "idle" });
  }, [stop, discardFinished]);

  const reset = useCallback(() => {
    stop();
    finished.current = null;
    lastFile.current = null;
    setState({ status: "idle" });
  }, [stop]);

  const restore = useCallback(
    (upload: UploadJson) => {
      stop();
      finished.current = upload;
      lastFile.current = null;
      setState({ status: "done", upload });
    },
    [stop],
  );

  const fail = useCallback(
    (message: string) => {
      stop();
      finished.current = null;
      setState((state) => ({
        status: "error",
        message,
        file:
          state.status === "done"
            ? { name: state.upload.fileName, size: state.upload.fileSize }
            : "file" in state
              ? state.file
              : undefined,
        retryable: false,
      }));
    },
    [stop],
  );

  // Leaving the page pauses an upload in progress: the server keeps what it received, and
  // choosing the same file again resumes it (a partial upload nobody resumes is swept in a day).
  useEffect(
    () => () => {
      controller.current?.abort(pauseReason);
      controller.current = null;
    },
    [],
  );

  return { state, choose, start, retry, cancel, reset, restore, fail };
}

/** Whether the slot is busy (the wizard disables its submit button meanwhile). */
export function isBusy(state: UploadState): boolean {
  return state.status === "preparing" || state.status === "uploading";
}
