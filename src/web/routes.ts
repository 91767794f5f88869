import { index, layout, prefix, type RouteConfig, route } from "@react-router/dev/routes";

// Every page of the platform. The four public pages are prerendered at build time
// (react-router.config.ts); the others are rendered by the server for each request. The two
// areas' layouts let in only the users they are for (lib/area-access.ts, as middleware).
export default [
  layout("features/public/public-layout.tsx", [
    index("features/public/pages/home-page.tsx"),
    route("a-propos", "features/public/pages/about-page.tsx"),
    route("services", "features/public/pages/services-page.tsx"),
    route("contact", "features/public/pages/contact-page.tsx"),
    ...prefix("auth", [
      route("login", "features/auth/pages/login-page.tsx"),
      route("register", "features/auth/pages/register-page.tsx"),
      route("reset-password", "features/auth/pages/reset-request-page.tsx"),
    ]),
    route("reset-password", "features/auth/pages/reset-landing-page.tsx"),
    route("*", "features/public/pages/not-found-page.tsx"),
  ]),
  layout("features/client/client-layout.tsx", { id: "client" }, [
    ...prefix("client", [
      index("features/client/pages/dashboard-page.tsx"),
      route("demande-pret", "features/client/pages/new-loan-page.tsx"),
      route("prets", "features/client/pages/loans-page.tsx"),
      route("prets/:loanId", "features/client/pages/loan-page.tsx"),
      route("documents", "features/client/pages/documents-page.tsx"),
      route("profil", "features/client/pages/profile-page.tsx"),
    ]),
  ]),
  layout("features/admin/admin-layout.tsx", { id: "admin" }, [
    ...prefix("admin", [
      index("features/admin/pages/dashboard-page.tsx"),
      route("prets", "features/admin/pages/loans-page.tsx"),
      route("prets/:loanId", "features/admin/pages/loan-page.tsx"),
      route("clients", "features/admin/pages/clients-page.tsx"),
      route("clients/:clientId", "features/admin/pages/client-page.tsx"),
      route("messages", "features/admin/pages/messages-page.tsx"),
      route("releves", "features/admin/pages/statements-page.tsx"),
      route("releves/:importId", "features/admin/pages/statement-import-page.tsx"),
      route("journal", "features/admin/pages/journal-page.tsx"),
      route("parametres", "features/admin/pages/settings-page.tsx"),
      route("double-authentification", "features/admin/pages/two-factor-page.tsx"),
    ]),
  ]),
] satisfies RouteConfig;
