import { documentTitle } from "../../../components/document-title";
import { Island } from "../../../islands/island";
import { RegisterIsland } from "../components/register-card";

export function meta() {
  return [
    { title: documentTitle("Créer un compte") },
    { name: "description", content: "Créez votre compte pour demander un prêt en ligne." },
  ];
}

// Prerendered, then hydrated as an island without React Router (src/web/islands/register.island.tsx).
export default function RegisterPage() {
  return <Island name="register" component={RegisterIsland} props={{}} />;
}
