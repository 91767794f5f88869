import { Camera, CircleCheck, CloudUpload, FileText, ImageIcon, WifiOff } from "lucide-react";
import {
  type ChangeEvent,
  type DragEvent,
  type Ref,
  useId,
  useImperativeHandle,
  useRef,
  useState,
} from "react";
import { acceptedFileTypes } from "../../../../domain/document-category";
import { uploadHint } from "../../../../domain/file-type";
import { formatFileSize } from "../../../../domain/format-file-size";
import { Button } from "../../../components/button";
import { cx } from "../../../components/class-names";
import { Spinner } from "../../../components/spinner";
import type { ChosenFile, UploadController, UploadState } from "../upload/use-upload";

const accept = acceptedFileTypes.join(",");

export type FileDropFieldHandle = { focus: () => void };

type FileDropFieldProps = {
  label: string;
  upload: UploadController;
  /** "upload": send as soon as chosen (the wizard). "choose": keep it for the form's submit. */
  mode: "upload" | "choose";
  /** The form's message for this slot (a missing file). */
  error?: string;
  required?: boolean;
  disabled?: boolean;
  /** Focuses the slot's control (the form moves focus to the first slot in error). */
  handle?: Ref<FileDropFieldHandle>;
  className?: string;
};

function shownFile(state: UploadState): (ChosenFile & { type?: string }) | null {
  if (state.status === "done") {
    return {
      name: state.upload.fileName,
      size: state.upload.fileSize,
      type: state.upload.fileType,
    };
  }
  if (state.status === "idle") return null;
  return state.file ?? null;
}

/** What a screen reader hears as the upload goes: start, each quarter, waiting, end. */
function announcement(state: UploadState, label: string): string {
  switch (state.status) {
    case "preparing":
      return `${label} : préparation du fichier`;
    case "uploading":
      if (state.waitingForNetwork) {
        return `${label} : connexion perdue, le téléchargement reprendra automatiquement`;
      }
      return `${label} : téléchargement ${Math.floor(state.progress / 25) * 25} %`;
    case "done":
      return `${label} : fichier téléchargé`;
    default:
      return "";
  }
}

/**
 * One file slot: a real file input (labelled, keyboard-operable, described by the hint and the
 * error), a drop area on desktop, and on phones a second button that opens the camera directly.
 * The first input does not force the camera, so the phone still offers its files. Once a file is
 * chosen: its name and size, the progress bar while it is sent, and 'Changer' to replace it.
 */
export function FileDropField({
  label,
  upload,
  mode,
  error,
  required,
  disabled,
  handle,
  className,
}: FileDropFieldProps) {
  const baseId = useId();
  const inputId = `${baseId}-input`;
  const cameraId = `${baseId}-camera`;
  const labelId = `${baseId}-label`;
  const cameraLabelId = `${baseId}-camera-label`;
  const hintId = `${baseId}-hint`;
  const errorId = `${baseId}-error`;
  const inputRef = useRef<HTMLInputElement>(null);
  const changeRef = useRef<HTMLButtonElement>(null);
  const [dragging, setDragging] = useState(false);

  const { state } = upload;
  const file = shownFile(state);
  const message = state.status === "error" ? state.message : error;
  const describedBy = cx(hintId, message && errorId) || undefined;

  useImperativeHandle(
    handle,
    () => ({
      focus: () => (file ? changeRef.current : inputRef.current)?.focus(),
    }),
    [file],
  );

  function take(chosen: File | undefined) {
    if (!chosen || disabled) return;
    if (mode === "upload") void upload.start(chosen);
    else void upload.choose(chosen);
  }

  function onChange(event: ChangeEvent<HTMLInputElement>) {
    take(event.target.files?.[0]);
    // Choosing the same file again after a failure must fire `change` again.
    event.target.value = "";
  }

  function onDrop(event: DragEvent<HTMLElement>) {
    event.preventDefault();
    setDragging(false);
    take(event.dataTransfer.files[0]);
  }

  function onDragOver(event: DragEvent<HTMLElement>) {
    event.preventDefault();
    if (!dragging) setDragging(true);
  }

  const busy = state.status === "preparing" || state.status === "uploading";
  const Icon = file?.type?.startsWith("image/") ? ImageIcon : FileText;

  return (
    <div className={cx("min-w-0", className)}>
      <div className="mb-1.5 text-sm font-medium text-slate-800">
        <label id={labelId} htmlFor={inputId}>
          {label}
        </label>
        {required ? (
          <span aria-hidden="true" className="ml-0.5 text-red-700">
            *
          </span>
        ) : null}
      </div>

      {/* A group named by the slot's label: the drop target and the controls of one file.
          Touching it starts the download of the code that sends, before a file is even chosen. */}
      <fieldset
        aria-labelledby={labelId}
        onFocus={upload.preload}
        onPointerDown={upload.preload}
        onDragOver={onDragOver}
        onDragEnter={(event) => {
          upload.preload();
          onDragOver(event);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        className={cx(
          "min-w-0 rounded-lg border bg-white has-[input:focus-visible]:outline-2 has-[input:focus-visible]:outline-offset-2 has-[input:focus-visible]:outline-brand-500",
          file ? "border-solid" : "border-2 border-dashed",
          message
            ? "border-red-600"
            : dragging
              ? "border-brand-500 bg-brand-50"
              : "border-slate-300",
        )}
      >
        <input
          ref={inputRef}
          id={inputId}
          type="file"
          accept={accept}
          className="sr-only"
          aria-labelledby={labelId}
          aria-describedby={describedBy}
          aria-invalid={message ? true : undefined}
          // Forms use noValidate: this only tells assistive technologies.
          required={required}
          // With a file shown, 'Changer' is the one control that replaces it.
          tabIndex={file ? -1 : undefined}
          disabled={disabled}
          onChange={onChange}
        />

        {file ? (
          <div className="flex items-start gap-3 p-3 sm:p-4">
            <span
              className={cx(
                "flex size-10 shrink-0 items-center justify-center rounded-lg",
                state.status === "done"
                  ? "bg-emerald-50 text-emerald-700"
                  : "bg-brand-50 text-brand-700",
              )}
            >
              {state.status === "done" ? (
                <CircleCheck aria-hidden="true" className="size-5" />
              ) : (
                <Icon aria-hidden="true" className="size-5" />
              )}
            </span>
            <div className="min-w-0 flex-1">
              <div className="flex flex-wrap items-start justify-between gap-x-3 gap-y-2">
                <div className="min-w-0 flex-1 basis-44">
                  <p className="font-medium text-slate-900 [overflow-wrap:anywhere]">
                    <bdi>{file.name}</bdi>
                  </p>
                  <p className="text-sm text-slate-600">
                    {formatFileSize(file.size)}
                    {state.status === "done" && state.originalSize ? (
                      <> (photo compressée, {formatFileSize(state.originalSize)} à l'origine)</>
                    ) : null}
                    {state.status === "done" ? (
                      <span className="font-medium text-emerald-800"> · Téléchargé</span>
                    ) : null}
                    {state.status === "chosen" ? <span> · Prêt à envoyer</span> : null}
                  </p>
                </div>
                <div className="flex shrink-0 flex-wrap gap-2">
                  {state.status === "error" && state.retryable ? (
                    <Button
                      size="sm"
                      variant="secondary"
                      onClick={upload.retry}
                      disabled={disabled}
                    >
                      Réessayer
                    </Button>
                  ) : null}
                  {busy ? (
                    <Button size="sm" variant="outline" onClick={upload.cancel}>
                      Annuler
                      <span className="sr-only"> le téléchargement : {label}</span>
                    </Button>
                  ) : (
                    <Button
                      ref={changeRef}
                      size="sm"
                      variant="outline"
                      onClick={() => inputRef.current?.click()}
                      disabled={disabled}
                      aria-describedby={describedBy}
                    >
                      Changer
                      <span className="sr-only"> de fichier : {label}</span>
                    </Button>
                  )}
                </div>
              </div>
              {busy ? <Progress state={state} label={label} /> : null}
            </div>
          </div>
        ) : (
          <div className="flex flex-col items-center gap-3 p-4 text-center sm:p-6">
            <label
              htmlFor={inputId}
              className={cx(
                "flex w-full cursor-pointer flex-col items-center gap-2",
                disabled && "cursor-not-allowed opacity-60",
              )}
            >
              <CloudUpload aria-hidden="true" className="size-8 text-brand-600" />
              <span className="font-semibold text-brand-700 underline-offset-2 hover:underline">
                Choisir un fichier
              </span>
              <span className="hidden text-sm text-slate-600 pointer-fine:block">
                ou glissez-le ici
              </span>
            </label>
            <div className="hidden w-full justify-center pointer-coarse:flex">
              <input
                id={cameraId}
                type="file"
                accept="image/jpeg,image/png"
                capture="environment"
                className="peer sr-only"
                aria-labelledby={`${cameraLabelId} ${labelId}`}
                aria-describedby={describedBy}
                disabled={disabled}
                onChange={onChange}
              />
              <label
                id={cameraLabelId}
                htmlFor={cameraId}
                className="inline-flex min-h-11 cursor-pointer items-center gap-2 rounded-lg border border-slate-300 bg-white px-4 text-sm font-semibold text-slate-800 peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand-500"
              >
                <Camera aria-hidden="true" className="size-4" />
                Prendre une photo
              </label>
            </div>
          </div>
        )}
      </fieldset>

      <p id={hintId} className="mt-1.5 text-sm text-slate-600">
        {uploadHint}
      </p>
      {message ? (
        <p id={errorId} role="alert" className="mt-1.5 text-sm font-medium text-red-700">
          {message}
        </p>
      ) : null}
      <p className="sr-only" aria-live="polite" aria-atomic="true">
        {announcement(state, label)}
      </p>
    </div>
  );
}

function Progress({ state, label }: { state: UploadState; label: string }) {
  if (state.status === "preparing") {
    return (
      <p className="mt-3 flex items-center gap-2 text-sm text-slate-700">
        <Spinner className="size-4 text-brand-700" />
        Préparation du fichier…
      </p>
    );
  }
  if (state.status !== "uploading") return null;
  return (
    <div className="mt-3">
      <div className="flex items-center gap-3">
        <progress
          max={100}
          value={state.progress}
          aria-label={`Progression : ${label}`}
          className="h-2.5 min-w-0 flex-1 appearance-none overflow-hidden rounded-full bg-slate-200 [&::-moz-progress-bar]:bg-brand-600 [&::-webkit-progress-bar]:bg-slate-200 [&::-webkit-progress-value]:bg-brand-600 [&::-webkit-progress-value]:transition-[width]"
        />
        <span className="w-11 shrink-0 text-right text-sm font-medium tabular-nums text-slate-800">
          {state.progress}&nbsp;%
        </span>
      </div>
      {state.waitingForNetwork ? (
        <p className="mt-2 flex items-start gap-2 text-sm text-amber-800">
          <WifiOff aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          Connexion perdue : le téléchargement reprendra automatiquement.
        </p>
      ) : (
        <p className="mt-1 text-xs text-slate-600">Téléchargement en cours…</p>
      )}
    </div>
  );
}
