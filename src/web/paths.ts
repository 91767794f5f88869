// Every route path of the browser app lives here.
export const paths = {
  home: "/",
  about: "/a-propos",
  services: "/services",
  contact: "/contact",
  login: "/auth/login",
  register: "/auth/register",
  resetRequest: "/auth/reset-password",
  resetLanding: "/reset-password",
  client: {
    root: "/client",
    newLoan: "/client/demande-pret",
    loans: "/client/prets",
    loan: (id: number | string) => `/client/prets/${id}`,
    documents: "/client/documents",
    profile: "/client/profil",
  },
  admin: {
    root: "/admin",
    loans: "/admin/prets",
    loan: (id: number | string) => `/admin/prets/${id}`,
    clients: "/admin/clients",
    client: (id: string) => `/admin/clients/${id}`,
    messages: "/admin/messages",
    journal: "/admin/journal",
    settings: "/admin/parametres",
  },
} as const;
