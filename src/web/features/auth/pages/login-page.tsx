import { documentTitle } from "../../../components/document-title";
import { LoginCard } from "../components/login-card";
import { signedInAway } from "../components/sign-in-destination";

export function meta() {
  return [
    { title: documentTitle("Connexion") },
    {
      name: "description",
      content: "Connectez-vous à votre espace client pour suivre vos demandes de prêt.",
    },
  ];
}

/** A signed-in user goes to their area instead. */
export const loader = signedInAway;

export default function LoginPage() {
  return <LoginCard />;
}
