import { Upload } from "lucide-react";
import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import { documentCategoryLabels, uploadCategories } from "../../../../domain/document-category";
import { fileMessages } from "../../../../domain/file-type";
import type { DocumentUploadValues } from "../../../../domain/schemas/document-upload.schema";
import { Button } from "../../../components/button";
import { Card, CardBody, CardHeader } from "../../../components/card";
import { SelectField } from "../../../components/select-field";
import { TextField } from "../../../components/text-field";
import { preloadToaster, toast } from "../../../components/toast";
import { useFieldsForm } from "../../../lib/fields-form";
import { lazySchema } from "../../../lib/lazy-zod";
import { useCreateDocument } from "../api/create-document";
import { isBusy, useUpload } from "../upload/use-upload";
import { FileDropField, type FileDropFieldHandle } from "./file-drop-field";

type DocumentFormInput = { name: string; category: string };

const emptyValues: DocumentFormInput = { name: "", category: "" };
// Destructured: the build then exports only this schema from the schema's chunk (the module's
// other one is the server's).
const documentSchema = lazySchema(() =>
  import("../../../../domain/schemas/document-upload.schema").then(
    ({ documentUploadSchema }) => documentUploadSchema,
  ),
);
const categoryOptions = uploadCategories.map((category) => ({
  value: category,
  label: documentCategoryLabels[category],
}));

/**
 * The standalone upload form of /client/documents: a name, a type and a file. Checked in the
 * spec's order (name, type, file); the file is then sent (with its progress) and becomes a
 * document. Composed by the documents page.
 */
export function DocumentUploadForm() {
  const form = useFieldsForm<DocumentFormInput, DocumentUploadValues>({
    initialValues: emptyValues,
    schema: documentSchema,
  });
  const upload = useUpload();
  const createDocument = useCreateDocument();
  const fileHandle = useRef<FileDropFieldHandle>(null);
  const headingId = useId();
  const [fileError, setFileError] = useState<string>();
  const [submitting, setSubmitting] = useState(false);
  const submittingRef = useRef(false);

  useEffect(() => preloadToaster(), []);

  const hasFile = () => upload.state.status === "chosen" || upload.state.status === "done";

  function onSubmit(event: FormEvent) {
    // Every message at once, in the spec's order (name, type, file); focus goes to the first.
    if (!hasFile() && upload.state.status !== "error") setFileError(fileMessages.missing);
    void form.handleSubmit(send)(event);
  }

  async function send(values: DocumentUploadValues) {
    if (submittingRef.current || isBusy(upload.state)) return;
    if (!hasFile()) {
      fileHandle.current?.focus();
      return;
    }
    const { state } = upload;
    submittingRef.current = true;
    setSubmitting(true);
    try {
      let uploadId: string;
      if (state.status === "done") {
        // Sent on an earlier try whose second half failed: no need to send it again.
        uploadId = state.upload.id;
      } else {
        const sent = await upload.start();
        if (!sent.ok) {
          if (sent.message) toast.error(`Erreur lors du téléchargement: ${sent.message}`);
          return;
        }
        uploadId = sent.upload.id;
      }

      const { error } = await createDocument.mutateAsync({ ...values, uploadId });
      if (error) {
        toast.error(`Erreur lors du téléchargement: ${error.message}`);
        const fields = error.fields ?? {};
        if (fields.name || fields.category) {
          form.showErrors({ name: fields.name, category: fields.category }, { focus: true });
        }
        if (fields.uploadId) upload.fail(fields.uploadId);
        return;
      }
      toast.success("Document téléchargé avec succès");
      form.reset(emptyValues);
      upload.reset();
      setFileError(undefined);
    } finally {
      submittingRef.current = false;
      setSubmitting(false);
    }
  }

  // The first touch of the form starts both downloads a submit needs: the schema, and the code
  // that sends the file (tus client, photo compression).
  function preload() {
    documentSchema.preload();
    upload.preload();
  }

  const busy = submitting || isBusy(upload.state);
  return (
    <Card aria-labelledby={headingId}>
      <CardHeader
        id={headingId}
        title="Ajouter un document"
        description="Une pièce justificative pour vos demandes : un PDF ou une photo lisible."
      />
      <CardBody>
        <form
          noValidate
          onSubmit={onSubmit}
          className="grid gap-5 sm:grid-cols-2"
          onFocus={preload}
          onInput={preload}
          onPointerDown={preload}
        >
          <TextField
            label="Nom du document"
            required
            autoComplete="off"
            placeholder="Ex. : Avis d'imposition 2025"
            disabled={submitting}
            {...form.text("name")}
          />
          <SelectField
            label="Type de document"
            required
            placeholder="Sélectionnez un type"
            options={categoryOptions}
            disabled={submitting}
            {...form.text("category")}
          />
          <FileDropField
            label="Fichier"
            upload={upload}
            mode="choose"
            required
            disabled={submitting}
            handle={fileHandle}
            error={upload.state.status === "idle" ? fileError : undefined}
            className="sm:col-span-2"
          />
          <div className="flex justify-end sm:col-span-2">
            <Button
              type="submit"
              className="w-full sm:w-auto"
              loading={busy}
              loadingText={
                upload.state.status === "uploading" || upload.state.status === "preparing"
                  ? "Envoi du fichier…"
                  : "Enregistrement…"
              }
            >
              <Upload aria-hidden="true" className="size-4" />
              Télécharger le document
            </Button>
          </div>
        </form>
      </CardBody>
    </Card>
  );
}
