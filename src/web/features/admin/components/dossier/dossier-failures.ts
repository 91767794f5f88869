// The red banner's texts when a verdict cannot be saved (a conflict's own message is shown as is,
// see action-failure.ts); a request for complements fails as a status change does.
export const reviewFailure = {
  withError: (error: string) => `Erreur lors de l'enregistrement de l'avis: ${error}`,
  generic: "Une erreur est survenue lors de l'enregistrement de l'avis.",
};
