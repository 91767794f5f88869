// The request the overdue journey looks for: written by e2e/seed-overdue.ts into the fresh data
// directory before the server starts (PGlite is held by one process at a time), dated three days
// back, still waiting for a decision, in the Dakar office.
export const overdueClient = {
  firstName: "Moussa",
  lastName: "Retard",
  email: "moussa.retard@exemple.sn",
  country: "Sénégal",
};
export const overdueLoan = {
  purpose: "Fonds de roulement en attente depuis trois jours",
  office: "dakar",
  ageDays: 3,
} as const;
