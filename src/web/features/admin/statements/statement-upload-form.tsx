import { type ChangeEvent, type FormEvent, useEffect, useRef, useState } from "react";
import { useNavigate } from "react-router";
import {
  type PaymentChannel,
  paymentChannelLabels,
  paymentChannels,
  type StatementMappingJson,
  servicingMessages,
} from "../../../../domain/api/servicing";
import { Alert } from "../../../components/alert";
import { Button } from "../../../components/button";
import { Card, CardBody, CardHeader } from "../../../components/card";
import { SelectField } from "../../../components/select-field";
import { ApiRequestError } from "../../../lib/api-client";
import { useTypedBeforeStart } from "../../../lib/use-typed-before-start";
import { paths } from "../../../paths";
import { importStatement } from "../api/import-statement";
import { ColumnMappingForm } from "./column-mapping-form";
import { CsvFileField } from "./csv-file-field";
import { mappingFits, proposeColumns, readCsvHeader } from "./csv-header";
import type { ImportPageState } from "./import-page-state";
import { MappingSummary } from "./mapping-summary";

/** The server's limit (servicing.schema.ts's maxStatementBytes), said before the file is sent. */
const maxBytes = 2 * 1024 * 1024;

const channelOptions = paymentChannels.map((channel) => ({
  value: channel,
  label: paymentChannelLabels[channel],
}));

const isChannel = (value: string): value is PaymentChannel =>
  (paymentChannels as readonly string[]).includes(value);

type ChosenFile = { name: string; text: string; header: string[] };
type Errors = { channel?: string; file?: string; form?: string };

/**
 * Import a statement: the channel, the file (read here as text), then either the import at once
 * (the channel's saved columns are in the file) or the mapping screen first. The import's rows
 * are shown on its own page, where the officer confirms them.
 */
export function StatementUploadForm({ mappings }: { mappings: StatementMappingJson[] }) {
  const navigate = useNavigate();
  const [channel, setChannel] = useState("");
  const [file, setFile] = useState<ChosenFile | null>(null);
  const [errors, setErrors] = useState<Errors>({});
  const [mapping, setMapping] = useState<{ reason: string | null } | null>(null);
  const [busy, setBusy] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const channelRef = useTypedBeforeStart<HTMLSelectElement>((value) => setChannel(String(value)));
  const saved = isChannel(channel) ? mappings.find((row) => row.channel === channel) : undefined;

  /** Reads the chosen file's text and header; null (with the field's message) when unusable. */
  async function readFile(chosen: File | undefined): Promise<ChosenFile | null> {
    setMapping(null);
    setErrors((shown) => ({ ...shown, file: undefined, form: undefined }));
    setFile(null);
    if (!chosen) return null;
    if (chosen.size > maxBytes) {
      setErrors((shown) => ({ ...shown, file: "Le relevé ne doit pas dépasser 2 Mo" }));
      return null;
    }
    const text = await chosen.text();
    const header = readCsvHeader(text);
    if (header.length === 0) {
      setErrors((shown) => ({ ...shown, file: servicingMessages.csvUnreadable }));
      return null;
    }
    const read = { name: chosen.name, text, header };
    setFile(read);
    return read;
  }

  // A file chosen before the page's app started is read once it has.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, at start.
  useEffect(() => {
    const chosen = fileInput.current?.files?.[0];
    if (chosen) void readFile(chosen);
  }, []);

  /** Sends the file; the import's page shows its rows (or the earlier import of the same file). */
  async function send(channelId: PaymentChannel, chosen: ChosenFile) {
    setBusy(true);
    try {
      const statement = await importStatement({
        channel: channelId,
        fileName: chosen.name,
        csv: chosen.text,
      });
      const state: ImportPageState = { duplicate: statement.duplicate === true };
      navigate(paths.admin.statementImport(statement.id), { state });
    } catch (error) {
      const fields = error instanceof ApiRequestError ? (error.fields ?? {}) : {};
      if (fields.channel) return setMapping({ reason: fields.channel });
      if (fields.csv) {
        setErrors({ file: fields.csv });
        fileInput.current?.focus();
        return;
      }
      setErrors({ form: (error as Error).message });
    } finally {
      setBusy(false);
    }
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    // A file chosen a moment ago may still be being read: it is awaited, not refused.
    const pending = fileInput.current?.files?.[0];
    const chosen = file ?? (pending && !errors.file ? await readFile(pending) : null);
    const next: Errors = {
      channel: isChannel(channel) ? undefined : "Veuillez choisir le moyen de paiement",
      file: chosen ? undefined : (errors.file ?? "Veuillez joindre le relevé (CSV)"),
    };
    if (next.channel || next.file) {
      setErrors(next);
      if (next.channel) channelRef.current?.focus();
      else fileInput.current?.focus();
      return;
    }
    if (!isChannel(channel) || !chosen) return;
    // Columns the file lacks would be refused: ask for them here, before sending.
    if (!mappingFits(chosen.header, saved)) {
      return setMapping({
        reason: saved
          ? `Ce fichier n'a pas les colonnes enregistrées pour ${paymentChannelLabels[channel]} : indiquez-les.`
          : servicingMessages.mappingMissing,
      });
    }
    await send(channel, chosen);
  }

  return (
    <>
      <Card aria-labelledby="upload-title">
        <CardHeader
          id="upload-title"
          title="Importer un relevé"
          description="L'export CSV d'un opérateur de mobile money ou d'une banque. Les paiements reconnus vous sont proposés : rien n'est enregistré avant votre confirmation."
        />
        <CardBody>
          {errors.form ? (
            <Alert className="mb-5" onDismiss={() => setErrors({})}>
              {errors.form}
            </Alert>
          ) : null}
          <form onSubmit={submit} noValidate>
            <div className="grid gap-5 md:grid-cols-2">
              <SelectField
                label="Moyen de paiement"
                required
                placeholder="Choisissez le moyen de paiement"
                options={channelOptions}
                value={channel}
                ref={channelRef}
                error={errors.channel}
                disabled={busy}
                onChange={(event) => {
                  setChannel(event.target.value);
                  setMapping(null);
                  setErrors((shown) => ({ ...shown, channel: undefined, form: undefined }));
                }}
              />
              <CsvFileField
                ref={fileInput}
                read={file ? { name: file.name, header: file.header } : null}
                error={errors.file}
                disabled={busy}
                onChange={(event: ChangeEvent<HTMLInputElement>) =>
                  void readFile(event.target.files?.[0])
                }
              />
            </div>
            {isChannel(channel) ? (
              <MappingSummary
                channel={channel}
                saved={saved}
                canChange={file !== null && mapping === null}
                onChange={() => setMapping({ reason: null })}
              />
            ) : null}
            {mapping ? null : (
              <div className="mt-6">
                <Button type="submit" loading={busy} loadingText="Import en cours…">
                  Importer le relevé
                </Button>
              </div>
            )}
          </form>
        </CardBody>
      </Card>
      {mapping && file && isChannel(channel) ? (
        <ColumnMappingForm
          // A new file or channel is a new screen, with its own proposal.
          key={`${channel}:${file.name}`}
          channel={channel}
          fileName={file.name}
          header={file.header}
          initial={proposeColumns(file.header, saved)}
          reason={mapping.reason}
          onSaved={() => send(channel, file)}
          onCancel={() => setMapping(null)}
        />
      ) : null}
    </>
  );
}
