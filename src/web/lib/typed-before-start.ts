// The areas' pages are drawn by the server and painted before their app has started (about a
// second on a slow phone): a field can be typed in before React holds it. Such a field's value is
// no longer the one its HTML gave (defaultValue, defaultChecked, defaultSelected); React then
// leaves it on screen but does not know it. The form hooks read it when they first mount.

export type Field = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

/** The value a field was given before the app started, or undefined when it is still its HTML's. */
export function typedBeforeStart(element: Field | null): string | boolean | undefined {
  if (!element) return undefined;
  if (element instanceof HTMLSelectElement) {
    const changed = [...element.options].some(
      (option) => option.selected !== option.defaultSelected,
    );
    return changed ? element.value : undefined;
  }
  if (element.type === "checkbox") {
    const box = element as HTMLInputElement;
    return box.checked !== box.defaultChecked ? box.checked : undefined;
  }
  return element.value !== element.defaultValue ? element.value : undefined;
}
