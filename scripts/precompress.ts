// Writes .br and .gz next to every compressible file of the browser build, so the server sends
// compressed bytes without compressing on each request (slow mobile networks pay for every byte).
// Run at the end of the build (buildEnd in react-router.config.ts).
import { readdir, readFile, stat, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

const compressible = /\.(js|mjs|css|html|svg|json|xml|txt|webmanifest)$/;
const minBytes = 512;

async function* files(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* files(path);
    else if (compressible.test(entry.name)) yield path;
  }
}

/** Is `path.br` missing or older than `path`? */
async function stale(path: string, mtimeMs: number): Promise<boolean> {
  try {
    return (await stat(`${path}.br`)).mtimeMs < mtimeMs;
  } catch {
    return true;
  }
}

/**
 * Compresses each file of `root` whose .br is missing or older: both browser builds run it on
 * the folder they share, and the second compresses only what it wrote or rewrote.
 */
export async function precompress(root: string): Promise<string> {
  let count = 0;
  let before = 0;
  let after = 0;
  for await (const path of files(root)) {
    const { size, mtimeMs } = await stat(path);
    if (size < minBytes || !(await stale(path, mtimeMs))) continue;
    const body = await readFile(path);
    const br = brotliCompressSync(body, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: 11,
        [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    });
    await writeFile(`${path}.br`, br);
    await writeFile(`${path}.gz`, gzipSync(body, { level: 9 }));
    count += 1;
    before += body.length;
    after += br.length;
  }
  return `${count} files, ${(before / 1024).toFixed(1)} KiB -> ${(after / 1024).toFixed(1)} KiB brotli`;
}
