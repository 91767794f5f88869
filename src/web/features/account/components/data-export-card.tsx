import { useEffect, useId, useState } from "react";
import { useRevalidator } from "react-router";
import { type DataExportJson, dataRightsMessages } from "../../../../domain/api/data-rights";
import { formatDateTime } from "../../../../domain/format-date";
import { formatFileSize } from "../../../../domain/format-file-size";
import { Alert } from "../../../components/alert";
import { Button, ButtonAnchor } from "../../../components/button";
import { Card, CardBody, CardHeader } from "../../../components/card";
import { toast } from "../../../components/toast";
import { dataExportArchiveUrl, startDataExport } from "../api/data-rights";

/** An export being built is asked about again every 1.5 s, until it is ready or failed. */
const pollMs = 1500;

// 'Télécharger mes données' (issue 18): the archive is built on the server in the background;
// the page reads its state again while it is being built and shows the progress.

function ExportProgress({ current }: { current: DataExportJson }) {
  const labelId = useId();
  return (
    <div className="space-y-2">
      <p id={labelId} className="text-sm text-slate-700">
        Préparation de vos données… {current.percent} %
      </p>
      <div
        role="progressbar"
        aria-labelledby={labelId}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={current.percent}
        className="h-2 w-full overflow-hidden rounded-full bg-slate-200"
      >
        <div
          className="h-full bg-brand-700 transition-[width]"
          style={{ width: `${current.percent}%` }}
        />
      </div>
      <p className="text-xs text-slate-600">
        Vous pouvez quitter cette page : la préparation continue et l'archive vous attendra ici.
      </p>
    </div>
  );
}

function ReadyExport({ current }: { current: DataExportJson }) {
  return (
    <div className="space-y-3">
      <Alert tone="success">
        {dataRightsMessages.exportReady}
        {current.sizeBytes !== null ? ` (${formatFileSize(current.sizeBytes)})` : ""}.
        {current.expiresAt ? ` Disponible jusqu'au ${formatDateTime(current.expiresAt)}.` : ""}
      </Alert>
      <ButtonAnchor href={dataExportArchiveUrl(current.id)} download>
        Télécharger l'archive
      </ButtonAnchor>
    </div>
  );
}

/** The client's copy of its data: one zip archive, offered for a limited time. */
export function DataExportCard({ current }: { current: DataExportJson | null }) {
  const headingId = useId();
  const { revalidate } = useRevalidator();
  const [starting, setStarting] = useState(false);
  const running = current?.status === "pending" || current?.status === "building";

  useEffect(() => {
    if (!running) return;
    const timer = window.setInterval(() => void revalidate(), pollMs);
    return () => window.clearInterval(timer);
  }, [running, revalidate]);

  async function start() {
    setStarting(true);
    const { data, error } = await startDataExport();
    setStarting(false);
    if (error) {
      toast.error(error.message || dataRightsMessages.exportStartFailed);
      return;
    }
    toast.success(dataRightsMessages.exportStarted);
    if (data.export) await revalidate();
  }

  return (
    <Card aria-labelledby={headingId}>
      <CardHeader
        id={headingId}
        title="Télécharger mes données"
        description="Une archive (zip) de votre profil, de vos demandes et de leur historique, de vos documents et des messages qui vous ont été envoyés."
      />
      <CardBody className="space-y-4">
        {running && current ? (
          <ExportProgress current={current} />
        ) : (
          <>
            {current?.status === "ready" ? <ReadyExport current={current} /> : null}
            {current?.status === "failed" ? (
              <Alert tone="error">{dataRightsMessages.exportFailed}</Alert>
            ) : null}
            <Button
              variant={current?.status === "ready" ? "outline" : "primary"}
              onClick={start}
              loading={starting}
              loadingText="Lancement…"
            >
              {current?.status === "ready"
                ? "Préparer une nouvelle archive"
                : "Télécharger mes données"}
            </Button>
          </>
        )}
      </CardBody>
    </Card>
  );
}
