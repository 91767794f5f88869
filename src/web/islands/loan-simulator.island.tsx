import { LoanSimulator } from "../features/public/components/loan-simulator";
import type { IslandModule } from "./names";

/** The loan simulator: short on the home page, full on /services. */
export const island: IslandModule<"loan-simulator"> = { component: LoanSimulator };
