import type { RegisterFormInput } from "../../domain/schemas/auth.schema";
import { RegisterIsland } from "../features/auth/components/register-card";
import { typedValues } from "../features/auth/components/sign-in-island";
import type { IslandModule } from "./names";
import { mountToastArea } from "./toast-root";

/** The registration form; its toasts get the page's toast area. */
export const island: IslandModule<"register"> = {
  component: RegisterIsland,
  beforeHydrate(element, props) {
    mountToastArea();
    return { ...props, initialValues: typedValues(element) as Partial<RegisterFormInput> };
  },
};
