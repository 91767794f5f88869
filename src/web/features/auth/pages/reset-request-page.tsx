import { documentTitle } from "../../../components/document-title";
import { ResetRequestCard } from "../components/reset-request-card";

export function meta() {
  return [{ title: documentTitle("Mot de passe oublié") }];
}

export default function ResetRequestPage() {
  return <ResetRequestCard />;
}
