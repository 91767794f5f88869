// The account's active sessions ('Mon profil' and 'Paramètres', issue 17):
//   GET    /api/me/sessions      -> { sessions: AccountSessionJson[] } (the current one first)
//   DELETE /api/me/sessions/:id  -> 204 (another session of the account ends at once)
//   DELETE /api/me/sessions      -> { ended: number } (every session but the current one ends)

/** One signed-in browser of the account. */
export type AccountSessionJson = {
  id: string;
  /** "Chrome sur Android" (domain/user-agent.ts). */
  device: string;
  /** The address the session was opened from, as the server saw it. */
  ip: string | null;
  /** ISO time the session was opened (the sign-in). */
  createdAt: string;
  /**
   * ISO time the session was last extended. Approximate on purpose: the server writes it at most
   * once a day (session.updateAge), so the page speaks of days, not minutes.
   */
  lastActiveAt: string;
  /** The session of the browser that asks. */
  current: boolean;
};

export const accountSessionMessages = {
  loadFailed: "Impossible de charger vos sessions",
  notFound: "Session introuvable",
  currentSession:
    "La session en cours ne se ferme pas ici : utilisez « Se déconnecter » dans le menu du compte",
  ended: "La session a été fermée",
  othersEnded: (count: number) =>
    count === 0
      ? "Aucune autre session n'était ouverte"
      : count === 1
        ? "L'autre session a été fermée"
        : `Les ${count} autres sessions ont été fermées`,
  endFailed: "Impossible de fermer la session",
} as const;
