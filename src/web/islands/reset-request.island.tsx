import type { ResetRequestValues } from "../../domain/schemas/auth.schema";
import { ResetRequestIsland } from "../features/auth/components/reset-request-card";
import { typedValues } from "../features/auth/components/sign-in-island";
import type { IslandModule } from "./names";
import { mountToastArea } from "./toast-root";

/** 'Mot de passe oublié': the request for a link; its toasts get the page's toast area. */
export const island: IslandModule<"reset-request"> = {
  component: ResetRequestIsland,
  beforeHydrate(element, props) {
    mountToastArea();
    return { ...props, initialValues: typedValues(element) as Partial<ResetRequestValues> };
  },
};
