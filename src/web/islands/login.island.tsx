import type { LoginInput } from "../../domain/schemas/auth.schema";
import { LoginIsland } from "../features/auth/components/login-card";
import { typedValues } from "../features/auth/components/sign-in-island";
import type { IslandModule } from "./names";
import { mountToastArea } from "./toast-root";

/** The login form and its second-factor step; its toasts get the page's toast area. */
export const island: IslandModule<"login"> = {
  component: LoginIsland,
  beforeHydrate(element, props) {
    mountToastArea();
    return { ...props, initialValues: typedValues(element) as Partial<LoginInput> };
  },
};
