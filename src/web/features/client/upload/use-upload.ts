import { type SetStateAction, useCallback, useEffect, useRef, useState } from "react";
import type { UploadJson } from "../../../../domain/api/uploads";
import { genericErrorMessage, networkErrorMessage } from "../../../lib/api-client";
import { loadOnce } from "../../../lib/lazy-zod";
import { deleteUpload } from "../api/delete-upload";
import { checkFile } from "./check-file";
import { isAbortError, pauseReason } from "./upload-abort";

// The code that sends a file (compression, tus client) loads on first use; see upload-work.ts.
// Marked pure (it is): the build may then put this module in a chunk with others rather than in
// one of its own, which every area page would pay for in its list of chunks to preload.
const uploadWork = /* @__PURE__ */ loadOnce(() => import("./upload-work"));

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
  /**
   * Starts downloading the code that sends a file, so that the first send does not wait for it
   * (the file field calls it when touched; choosing a file does too).
   */
  preload: () => void;
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
      uploadWork.preload();
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
      // What the upload reports changes the state only while it is the slot's current one.
      const update = (next: SetStateAction<UploadState>) => {
        if (current()) setState(next);
      };
      const updateUploading = (change: { progress?: number; waitingForNetwork?: boolean }) =>
        update((state) => (state.status === "uploading" ? { ...state, ...change } : state));
      let work: Awaited<ReturnType<typeof uploadWork>> | undefined;
      try {
        work = await uploadWork();
        if (!current()) return cancelled;
        const result = await work.sendFile(file, own.signal, {
          onSending: (sentSize) =>
            update({
              status: "uploading",
              file: shown,
              progress: 0,
              waitingForNetwork: false,
              sentSize,
            }),
          onProgress: (progress) => updateUploading({ progress }),
          onNetworkWait: (waitingForNetwork) => updateUploading({ waitingForNetwork }),
        });
        if (!current()) return cancelled;
        controller.current = null;
        if (!result.ok) {
          const { message, retryable } = result;
          setState({ status: "error", message, file: shown, retryable });
          return { ok: false, message };
        }
        finished.current = result.upload;
        setState({ status: "done", upload: result.upload, originalSize: result.originalSize });
        onUploadedRef.current?.(result.upload);
        return { ok: true, upload: result.upload };
      } catch (error) {
        if (!current() || isAbortError(error)) return cancelled;
        controller.current = null;
        // Without its code (downloaded on first use) nothing was sent: the connection's fault.
        const message = work ? genericErrorMessage : networkErrorMessage;
        setState({ status: "error", message, file: shown, retryable: true });
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

  return { state, choose, start, retry, cancel, reset, restore, fail, preload: uploadWork.preload };
}

/** Whether the slot is busy (the wizard disables its submit button meanwhile). */
export function isBusy(state: UploadState): boolean {
  return state.status === "preparing" || state.status === "uploading";
}
