import { PageTitle } from "../../../components/page-title";
import { PasswordChangeCard } from "../../account/components/password-change-card";
import { ProfileCard } from "../../account/components/profile-form";

export default function ClientProfilePage() {
  return (
    <>
      <PageTitle title="Mon profil" description="Vos coordonnées et votre mot de passe." />
      <div className="space-y-6">
        <ProfileCard />
        <PasswordChangeCard screen="client" />
      </div>
    </>
  );
}
