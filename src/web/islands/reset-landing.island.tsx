import { ResetLandingIsland } from "../features/auth/components/reset-landing-card";
import type { IslandModule } from "./names";
import { mountToastArea } from "./toast-root";

/**
 * The new password chosen from the e-mailed link. Its form is drawn once hydrated (the token is
 * in the query string), so nothing can be typed before. Its toast goes along to the login page.
 */
export const island: IslandModule<"reset-landing"> = {
  component: ResetLandingIsland,
  beforeHydrate(_element, props) {
    mountToastArea();
    return props;
  },
};
