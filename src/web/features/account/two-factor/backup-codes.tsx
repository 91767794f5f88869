import { Copy, Download } from "lucide-react";
import { useState } from "react";
import { Alert } from "../../../components/alert";
import { Button } from "../../../components/button";
import { Checkbox } from "../../../components/checkbox";
import { toast } from "../../../components/toast";
import { backupCodesFileName, backupCodesText } from "./two-factor-text";

/**
 * The 10 backup codes, shown once after the enrolment: to download or copy, and a box to tick
 * ("J'ai conservé mes codes") before going on, since the server never shows them again.
 */
export function BackupCodes({
  codes,
  headingRef,
  onContinue,
}: {
  codes: readonly string[];
  headingRef: React.RefObject<HTMLHeadingElement | null>;
  onContinue: () => void;
}) {
  const [kept, setKept] = useState(false);

  const download = () => {
    const url = URL.createObjectURL(new Blob([backupCodesText(codes)], { type: "text/plain" }));
    const link = document.createElement("a");
    link.href = url;
    link.download = backupCodesFileName;
    link.click();
    // The click has started the download; the address is no longer needed.
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  };

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(backupCodesText(codes));
      toast.success("Codes de secours copiés");
    } catch {
      toast.error("La copie a échoué : sélectionnez les codes et copiez-les.");
    }
  };

  return (
    <div className="space-y-5">
      <h2
        ref={headingRef}
        tabIndex={-1}
        className="text-lg font-semibold text-slate-900 focus:outline-none"
      >
        3. Conservez vos codes de secours
      </h2>
      <Alert tone="warning">
        Ces 10 codes ne seront plus affichés. Chacun permet une connexion, une seule fois, si vous
        n'avez plus votre téléphone. Gardez-les en lieu sûr, hors de votre téléphone.
      </Alert>
      <ol
        aria-label="Codes de secours"
        className="grid grid-cols-2 gap-2 rounded-lg border border-slate-200 bg-slate-50 p-4 font-mono text-base text-slate-900 sm:grid-cols-5"
      >
        {codes.map((code) => (
          <li key={code} className="text-center">
            {code}
          </li>
        ))}
      </ol>
      <div className="flex flex-wrap gap-3">
        <Button type="button" variant="outline" onClick={download}>
          <Download aria-hidden="true" className="size-4" />
          Télécharger
        </Button>
        <Button type="button" variant="outline" onClick={() => void copy()}>
          <Copy aria-hidden="true" className="size-4" />
          Copier
        </Button>
      </div>
      <Checkbox
        label="J'ai conservé mes codes"
        checked={kept}
        onChange={(event) => setKept(event.currentTarget.checked)}
      />
      <div className="flex justify-end">
        <Button type="button" disabled={!kept} onClick={onContinue}>
          Continuer
        </Button>
      </div>
    </div>
  );
}
