import { index, layout, prefix, type RouteConfig, route } from "@react-router/dev/routes";

// Public pages and sign-in pages are prerendered (see react-router.config.ts). The client and
// admin areas are not React Router framework routes: they are their own, lighter app
// (src/web/areas/, routes in src/domain/area-routes.ts).
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
] satisfies RouteConfig;
