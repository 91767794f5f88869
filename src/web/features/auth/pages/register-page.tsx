import { documentTitle } from "../../../components/document-title";
import { RegisterCard } from "../components/register-card";
import { signedInAway } from "../components/sign-in-destination";

export function meta() {
  return [
    { title: documentTitle("Créer un compte") },
    { name: "description", content: "Créez votre compte pour demander un prêt en ligne." },
  ];
}

/** A signed-in user goes to their area instead. */
export const loader = signedInAway;

export default function RegisterPage() {
  return <RegisterCard />;
}
