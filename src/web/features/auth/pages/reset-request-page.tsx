import { documentTitle } from "../../../components/document-title";
import { Island } from "../../../islands/island";
import { ResetRequestIsland } from "../components/reset-request-card";

export function meta() {
  return [{ title: documentTitle("Mot de passe oublié") }];
}

// Prerendered, then hydrated as an island without React Router
// (src/web/islands/reset-request.island.tsx).
export default function ResetRequestPage() {
  return <Island name="reset-request" component={ResetRequestIsland} props={{}} />;
}
