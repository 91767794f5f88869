import { documentTitle } from "../../../components/document-title";
import { Island } from "../../../islands/island";
import { ResetLandingIsland } from "../components/reset-landing-card";

export function meta() {
  return [{ title: documentTitle("Nouveau mot de passe") }, { name: "robots", content: "noindex" }];
}

// Prerendered, then hydrated as an island without React Router
// (src/web/islands/reset-landing.island.tsx).
export default function ResetLandingPage() {
  return <Island name="reset-landing" component={ResetLandingIsland} props={{}} />;
}
