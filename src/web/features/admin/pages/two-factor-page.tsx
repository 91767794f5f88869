import { ShieldCheck } from "lucide-react";
import { useState } from "react";
import { useNavigate } from "react-router";
import { Alert } from "../../../components/alert";
import { ButtonLink } from "../../../components/button";
import { Card, CardBody } from "../../../components/card";
import { PageTitle } from "../../../components/page-title";
import { useAuth } from "../../../lib/auth/auth-provider";
import { paths } from "../../../paths";
import { TwoFactorSetup } from "../../account/two-factor/two-factor-setup";

/**
 * The officers' enrolment (issue 17): the admin area sends here every officer without a second
 * factor (lib/area-access.ts), and the API shuts /api/admin to them until it is done.
 */
export default function AdminTwoFactorPage() {
  const { user } = useAuth();
  const navigate = useNavigate();
  // Decided once: the account's factor turns on before the backup codes are shown, and the
  // session's next check must not take the codes off the screen.
  const [enrolling] = useState(() => !user?.twoFactorEnabled);

  return (
    <>
      <PageTitle
        title="Double authentification"
        description="Obligatoire pour les administrateurs : un code de votre téléphone en plus du mot de passe."
      />
      <Card className="max-w-3xl">
        <CardBody className="space-y-5">
          {enrolling ? (
            <>
              <Alert tone="info">
                Pour protéger les dossiers des clients, activez la double authentification avant
                d'accéder à l'espace administrateur.
              </Alert>
              <TwoFactorSetup
                // The officers' pages are drawn for the account as it now is.
                onDone={() => navigate(paths.admin.root, { replace: true })}
              />
            </>
          ) : (
            <>
              <p className="flex items-center gap-2 font-medium text-slate-900">
                <ShieldCheck aria-hidden="true" className="size-5 text-emerald-700" />
                La double authentification est activée sur votre compte.
              </p>
              <p className="text-sm text-slate-600">
                Téléphone perdu ou changé ? Connectez-vous avec un code de secours, puis demandez à
                un autre administrateur de réinitialiser votre double authentification depuis ses
                Paramètres : vous l'activerez de nouveau à la connexion suivante.
              </p>
              <ButtonLink to={paths.admin.root} variant="outline">
                Retour au tableau de bord
              </ButtonLink>
            </>
          )}
        </CardBody>
      </Card>
    </>
  );
}
