import { SiteHeader } from "../features/public/components/site-header";
import type { IslandModule } from "./names";

/** The public header: its mobile menu (open, close, Escape). */
export const island: IslandModule<"site-header"> = { component: SiteHeader };
