import { type RefObject, useEffect, useRef } from "react";
import { type Field, typedBeforeStart } from "./typed-before-start";

/**
 * For a field outside a form hook (a list's filter): a ref to give it; what was chosen or typed
 * in it before the app started is handed to `onTyped` once the page is live (in an effect: a
 * filter's change navigates, which the router accepts once the page has mounted).
 */
export function useTypedBeforeStart<T extends Field>(
  onTyped: (value: string | boolean) => void,
): RefObject<T | null> {
  const element = useRef<T>(null);
  const handler = useRef(onTyped);
  handler.current = onTyped;
  useEffect(() => {
    const typed = typedBeforeStart(element.current);
    if (typed !== undefined) handler.current(typed);
  }, []);
  return element;
}
