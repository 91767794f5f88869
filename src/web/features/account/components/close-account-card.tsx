import { useId, useState } from "react";
import { useNavigate } from "react-router";
import { dataRightsMessages } from "../../../../domain/api/data-rights";
import { Alert } from "../../../components/alert";
import { Button } from "../../../components/button";
import { Card, CardBody, CardHeader } from "../../../components/card";
import { Dialog, DialogActions } from "../../../components/dialog";
import { PasswordField } from "../../../components/password-field";
import { toast } from "../../../components/toast";
import { paths } from "../../../paths";
import { closeAccount } from "../api/data-rights";

// 'Fermer mon compte' (issue 18): a danger zone, and a dialog that asks for the password again.
// The server refuses while a request is under review (its French message is shown in the
// dialog); once closed, the browser is signed out and goes to the home page.

/** What closing does, in the words the client reads before confirming. */
function Consequences() {
  return (
    <ul className="list-disc space-y-1 pl-5 text-sm text-slate-700">
      <li>Vous ne pourrez plus vous connecter ; toutes vos sessions sont fermées.</li>
      <li>Votre téléphone, votre adresse et vos documents hors demande sont effacés aussitôt.</li>
      <li>
        Vos demandes décidées et leurs documents sont conservés pendant la durée que la loi impose
        aux établissements de crédit, puis supprimés.
      </li>
    </ul>
  );
}

export function CloseAccountCard() {
  const headingId = useId();
  const formId = useId();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState("");
  const [error, setError] = useState<string | undefined>();
  const [refusal, setRefusal] = useState<string | undefined>();
  const [pending, setPending] = useState(false);

  function onOpenChange(next: boolean) {
    if (pending) return;
    if (next) {
      setPassword("");
      setError(undefined);
      setRefusal(undefined);
    }
    setOpen(next);
  }

  async function confirm(event: React.FormEvent) {
    event.preventDefault();
    if (pending) return;
    if (!password) {
      setError(dataRightsMessages.passwordRequired);
      return;
    }
    setPending(true);
    const { error: failure } = await closeAccount({ password });
    setPending(false);
    if (failure) {
      if (failure.status === 400) setError(failure.fields?.password ?? failure.message);
      else setRefusal(failure.message || dataRightsMessages.closeFailed);
      return;
    }
    toast.success(dataRightsMessages.closed);
    await navigate(paths.home, { replace: true });
  }

  return (
    <Card aria-labelledby={headingId} className="border-red-200">
      <CardHeader
        id={headingId}
        title="Fermer mon compte"
        description="Zone sensible : cette action est définitive."
      />
      <CardBody className="space-y-4">
        <Consequences />
        <Dialog
          open={open}
          onOpenChange={onOpenChange}
          trigger={<Button variant="danger">Fermer mon compte</Button>}
          title="Fermer votre compte ?"
          description="Cette action est définitive. Saisissez votre mot de passe pour confirmer."
          footer={
            <DialogActions pending={pending} type="submit" form={formId} variant="danger">
              Fermer définitivement mon compte
            </DialogActions>
          }
        >
          <form id={formId} onSubmit={confirm} noValidate className="space-y-4">
            {refusal ? <Alert tone="error">{refusal}</Alert> : null}
            <Consequences />
            <PasswordField
              label="Mot de passe"
              autoComplete="current-password"
              value={password}
              onChange={(event) => {
                setPassword(event.target.value);
                setError(undefined);
              }}
              error={error}
              required
            />
          </form>
        </Dialog>
      </CardBody>
    </Card>
  );
}
