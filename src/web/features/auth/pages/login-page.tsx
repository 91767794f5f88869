import { documentTitle } from "../../../components/document-title";
import { Island } from "../../../islands/island";
import { LoginIsland } from "../components/login-card";

export function meta() {
  return [
    { title: documentTitle("Connexion") },
    {
      name: "description",
      content: "Connectez-vous à votre espace client pour suivre vos demandes de prêt.",
    },
  ];
}

// Prerendered, then hydrated as an island without React Router (src/web/islands/login.island.tsx).
export default function LoginPage() {
  return <Island name="login" component={LoginIsland} props={{}} />;
}
