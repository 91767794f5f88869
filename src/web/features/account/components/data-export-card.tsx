import { useQueryClient } from "@tanstack/react-query";
import { useId, useState } from "react";
import { type DataExportJson, dataRightsMessages } from "../../../../domain/api/data-rights";
import { formatDateTime } from "../../../../domain/format-date";
import { formatFileSize } from "../../../../domain/format-file-size";
import { Alert } from "../../../components/alert";
import { Button, ButtonAnchor } from "../../../components/button";
import { Card, CardBody, CardHeader } from "../../../components/card";
import { SectionSpinner } from "../../../components/section-spinner";
import { toast } from "../../../components/toast";
import {
  dataExportArchiveUrl,
  dataExportQueryKey,
  startDataExport,
  useLatestDataExport,
} from "../api/data-rights";

// 'Télécharger mes données' (issue 18): the archive is built on the server in the background;
// the page asks for its state while it is being built and shows the progress.

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
export function DataExportCard() {
  const headingId = useId();
  const queryClient = useQueryClient();
  const latest = useLatestDataExport();
  const [starting, setStarting] = useState(false);
  const current = latest.data ?? null;
  const running = current?.status === "pending" || current?.status === "building";

  async function start() {
    setStarting(true);
    const { data, error } = await startDataExport();
    setStarting(false);
    if (error) {
      toast.error(error.message || dataRightsMessages.exportStartFailed);
      return;
    }
    queryClient.setQueryData(dataExportQueryKey, data.export);
    toast.success(dataRightsMessages.exportStarted);
  }

  return (
    <Card aria-labelledby={headingId}>
      <CardHeader
        id={headingId}
        title="Télécharger mes données"
        description="Une archive (zip) de votre profil, de vos demandes et de leur historique, de vos documents et des messages qui vous ont été envoyés."
      />
      <CardBody className="space-y-4">
        {latest.isPending ? (
          <SectionSpinner label="Chargement…" />
        ) : latest.isError ? (
          <Alert tone="error">{dataRightsMessages.exportLoadFailed}</Alert>
        ) : running && current ? (
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
