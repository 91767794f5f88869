/**
 * What the statements' page hands the import's page as it goes there (the router's location
 * state): the file had been imported before, so the page shown is that earlier import. Not in the
 * address: a reload or a shared link shows the import, not a notice about a second sending.
 */
export type ImportPageState = { duplicate: boolean };

export function isDuplicateArrival(state: unknown): boolean {
  return (
    typeof state === "object" &&
    state !== null &&
    (state as Partial<ImportPageState>).duplicate === true
  );
}
