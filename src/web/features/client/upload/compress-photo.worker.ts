// The photo compression worker (see compress-photo.ts): the library runs here with its own worker
// option off, drawing on an OffscreenCanvas.
import imageCompression from "browser-image-compression";
import type { CompressReply, CompressRequest } from "./compress-photo";

// The project compiles against the DOM library; these are the two members of the worker's global
// scope used here.
const scope = self as unknown as {
  addEventListener(type: "message", listener: (event: MessageEvent<CompressRequest>) => void): void;
  postMessage(message: CompressReply): void;
};

scope.addEventListener("message", async (event: MessageEvent<CompressRequest>) => {
  const { file, options } = event.data;
  let reply: CompressReply;
  try {
    const compressed = await imageCompression(file, { ...options, useWebWorker: false });
    reply = { ok: true, file: compressed };
  } catch (error) {
    reply = { ok: false, message: error instanceof Error ? error.message : String(error) };
  }
  scope.postMessage(reply);
});
