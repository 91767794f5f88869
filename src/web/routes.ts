import { index, layout, prefix, type RouteConfig, route } from "@react-router/dev/routes";

// Public pages are prerendered (see react-router.config.ts); the client and admin areas are
// client-rendered and each page is its own chunk.
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
  route("client", "features/client/client-layout.tsx", [
    index("features/client/pages/dashboard-page.tsx"),
    route("demande-pret", "features/client/pages/new-loan-page.tsx"),
    route("prets", "features/client/pages/loans-page.tsx"),
    route("prets/:loanId", "features/client/pages/loan-page.tsx"),
    route("documents", "features/client/pages/documents-page.tsx"),
    route("profil", "features/client/pages/profile-page.tsx"),
  ]),
  route("admin", "features/admin/admin-layout.tsx", [
    index("features/admin/pages/dashboard-page.tsx"),
    route("prets", "features/admin/pages/loans-page.tsx"),
    route("prets/:loanId", "features/admin/pages/loan-page.tsx"),
    route("clients", "features/admin/pages/clients-page.tsx"),
    route("clients/:clientId", "features/admin/pages/client-page.tsx"),
    route("messages", "features/admin/pages/messages-page.tsx"),
    route("parametres", "features/admin/pages/settings-page.tsx"),
  ]),
] satisfies RouteConfig;
