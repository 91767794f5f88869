export function sourcesHash(root: string): string;
export function buildIsFresh(root: string, hash?: string): boolean;
export function clearStamp(root: string): void;
export function writeStamp(root: string, hash: string): void;
export function withBuildLock<T>(
  root: string,
  work: () => Promise<T>,
  options?: { waitMs?: number },
): Promise<T>;
