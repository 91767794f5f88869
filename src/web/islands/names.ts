import type { ComponentType } from "react";
import type { LoginIslandProps } from "../features/auth/components/login-card";
import type { RegisterIslandProps } from "../features/auth/components/register-card";
import type { ResetRequestIslandProps } from "../features/auth/components/reset-request-card";
import type { LoanSimulatorProps } from "../features/public/components/loan-simulator";
import type { SiteHeaderProps } from "../features/public/components/site-header";
import type { ContactFormProps } from "../features/public/contact/contact-form";

/**
 * The islands of the public and sign-in pages and the props each is hydrated with (serialised as JSON in the
 * page). Each name has its module `src/web/islands/<name>.island.tsx` (scripts/islands-html.ts
 * finds an island's files in the build through that path).
 */
export type IslandProps = {
  "site-header": SiteHeaderProps;
  "loan-simulator": LoanSimulatorProps;
  "contact-form": ContactFormProps;
  login: LoginIslandProps;
  register: RegisterIslandProps;
  "reset-request": ResetRequestIslandProps;
  "reset-landing": Record<string, never>;
};

export type IslandName = keyof IslandProps;

/** What an island's module (`<name>.island.tsx`) exports as `island`. */
export type IslandModule<Name extends IslandName> = {
  component: ComponentType<IslandProps[Name]>;
  /** Runs before hydration: may complete the props from the page (e.g. what was typed). */
  beforeHydrate?: (element: HTMLElement, props: IslandProps[Name]) => IslandProps[Name];
};
