import { documentTitle } from "../../../components/document-title";
import { ResetLandingCard } from "../components/reset-landing-card";

export function meta() {
  return [{ title: documentTitle("Nouveau mot de passe") }, { name: "robots", content: "noindex" }];
}

export default function ResetLandingPage() {
  return <ResetLandingCard />;
}
