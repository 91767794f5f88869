import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { fileMessages } from "../../../../domain/file-type";
import { networkErrorMessage } from "../../../lib/api-client";
import { pauseReason } from "./upload-abort";
import { stallTimeoutMs, uploadFile } from "./upload-file";

// A stand-in for tus-js-client's Upload: records what the upload does, and lets each test play
// the server's part through the options' callbacks.
type Options = {
  onProgress: (sent: number, total: number) => void;
  onSuccess: (payload: { lastResponse: { getBody(): string } }) => void;
  onError: (error: Error & { originalResponse?: unknown }) => void;
  onBeforeRequest: () => void;
  onAfterResponse: () => void;
  fingerprint: () => Promise<string>;
  metadata: Record<string, string>;
};

// Hoisted: upload-file.ts imports tus-js-client statically, so the mock is built before this
// file's own code runs.
const { FakeUpload, uploads } = vi.hoisted(() => {
  const uploads: FakeUpload[] = [];

  class FakeUpload {
    options: Options;
    url: string | null = null;
    starts = 0;
    aborts: boolean[] = [];
    constructor(_file: File, options: Options) {
      this.options = options;
      uploads.push(this);
    }
    start() {
      this.starts += 1;
    }
    abort(terminate = false) {
      this.aborts.push(terminate);
      return Promise.resolve();
    }
    findPreviousUploads() {
      return Promise.resolve([]);
    }
    resumeFromPreviousUpload() {}
  }

  return { FakeUpload, uploads };
});
type FakeUpload = InstanceType<typeof FakeUpload>;

vi.mock("tus-js-client", () => ({ Upload: FakeUpload }));

const finished = {
  id: "0123456789abcdef0123456789abcdef",
  fileName: "cni.pdf",
  fileType: "application/pdf",
  fileSize: 9,
};

function file() {
  return new File(["%PDF-1.4\n"], "cni.pdf", { type: "application/pdf" });
}

async function started(): Promise<FakeUpload> {
  await vi.waitFor(() => {
    if (!uploads[0]?.starts) throw new Error("not started");
  });
  return uploads[0] as FakeUpload;
}

function response(status: number, body: string) {
  return { getStatus: () => status, getBody: () => body };
}

const online = { onLine: true };

beforeEach(() => {
  uploads.length = 0;
  online.onLine = true;
  vi.stubGlobal("window", new EventTarget());
  vi.stubGlobal("navigator", online);
});

afterEach(() => {
  vi.useRealTimers();
});

describe("uploadFile", () => {
  it("resolves to the upload the server answers, with progress up to 100", async () => {
    const progress: number[] = [];
    const promise = uploadFile(file(), { onProgress: (percent) => progress.push(percent) });
    const upload = await started();
    expect(upload.options.metadata).toEqual({ filename: "cni.pdf", filetype: "application/pdf" });
    expect(await upload.options.fingerprint()).toMatch(
      /^tus-pret-9-\/api\/uploads\/-[0-9a-f]{64}$/,
    );
    upload.options.onProgress(9, 9);
    upload.options.onSuccess({
      lastResponse: { getBody: () => JSON.stringify({ upload: finished }) },
    });
    await expect(promise).resolves.toEqual(finished);
    // 99 while the server checks the file, 100 once it has answered.
    expect(progress).toEqual([0, 99, 100]);
  });

  it("gives the server's French message when it refuses the file", async () => {
    const promise = uploadFile(file());
    const upload = await started();
    const body = JSON.stringify({
      error: { code: "unsupported", message: fileMessages.unsupported },
    });
    upload.options.onError(
      Object.assign(new Error("tus"), { originalResponse: response(415, body) }),
    );
    await expect(promise).rejects.toMatchObject({ message: fileMessages.unsupported, status: 415 });
  });

  it("gives the network message when the retries ran out while online", async () => {
    const promise = uploadFile(file());
    const upload = await started();
    upload.options.onError(Object.assign(new Error("tus"), { originalResponse: null }));
    await expect(promise).rejects.toMatchObject({ message: networkErrorMessage, retryable: true });
  });

  it("waits while offline and resumes by itself when the connection is back", async () => {
    const waiting: boolean[] = [];
    const promise = uploadFile(file(), { onNetworkWait: (value) => waiting.push(value) });
    const upload = await started();

    online.onLine = false;
    window.dispatchEvent(new Event("offline"));
    expect(upload.aborts).toEqual([false]);
    // The request that was cut reports its failure: no rejection, still waiting.
    upload.options.onError(Object.assign(new Error("tus"), { originalResponse: null }));
    expect(waiting).toEqual([true]);
    expect(upload.starts).toBe(1);

    online.onLine = true;
    window.dispatchEvent(new Event("online"));
    expect(waiting).toEqual([true, false]);
    expect(upload.starts).toBe(2);
    upload.options.onSuccess({
      lastResponse: { getBody: () => JSON.stringify({ upload: finished }) },
    });
    await expect(promise).resolves.toEqual(finished);
  });

  it("drops a request that makes no progress and resumes the upload", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    const promise = uploadFile(file());
    const upload = await started();
    upload.options.onBeforeRequest();
    upload.options.onProgress(3, 9);
    await vi.advanceTimersByTimeAsync(stallTimeoutMs - 1000);
    upload.options.onProgress(5, 9);
    await vi.advanceTimersByTimeAsync(stallTimeoutMs - 1000);
    expect(upload.aborts).toEqual([]);
    await vi.advanceTimersByTimeAsync(2000);
    expect(upload.aborts).toEqual([false]);
    expect(upload.starts).toBe(2);
    upload.options.onSuccess({
      lastResponse: { getBody: () => JSON.stringify({ upload: finished }) },
    });
    await expect(promise).resolves.toEqual(finished);
  });

  it("deletes the upload on cancel, keeps it on pause", async () => {
    const cancel = new AbortController();
    const cancelled = uploadFile(file(), { signal: cancel.signal });
    const first = await started();
    cancel.abort();
    await expect(cancelled).rejects.toMatchObject({ name: "AbortError" });
    expect(first.aborts).toEqual([true]);

    uploads.length = 0;
    const pause = new AbortController();
    const paused = uploadFile(file(), { signal: pause.signal });
    const second = await started();
    pause.abort(pauseReason);
    await expect(paused).rejects.toMatchObject({ name: "AbortError" });
    expect(second.aborts).toEqual([false]);
  });
});
