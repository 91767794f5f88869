// The areas' pages are drawn by the server and painted before their app has started (about a
// second on a slow phone): a field can be typed in before React holds it. Such a field's value is
// no longer the one its HTML gave (defaultValue, defaultChecked, defaultSelected); React then
// leaves it on screen but does not know it. The form hooks read it when they first mount.

import { type RefObject, useEffect, useRef } from "react";

type Field = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

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

/** The value a field was given before the app started, or undefined when it is still its HTML's. */
export function typedBeforeStart(element: Field | null): string | boolean | undefined {
  if (element instanceof HTMLInputElement) {
    if (element.type === "checkbox") {
      return element.checked !== element.defaultChecked ? element.checked : undefined;
    }
    return element.value !== element.defaultValue ? element.value : undefined;
  }
  if (element instanceof HTMLTextAreaElement) {
    return element.value !== element.defaultValue ? element.value : undefined;
  }
  if (element instanceof HTMLSelectElement) {
    const changed = [...element.options].some(
      (option) => option.selected !== option.defaultSelected,
    );
    return changed ? element.value : undefined;
  }
  return undefined;
}
