/**
 * An Intl formatter made when it is first used, not when its module is evaluated. The first Intl
 * formatter a page makes initialises the browser's locale data (20-65 ms on a desk computer in
 * Chromium, four times that on a phone): made at evaluation, it lengthened the one task in which
 * the browser evaluates the app's modules, on pages that never used it. The formats of a page's
 * first render do without Intl altogether (src/domain/french-digits.ts).
 */
export function lazyFormatter<T>(make: () => T): () => T {
  let made: T | undefined;
  return () => {
    made ??= make();
    return made;
  };
}
