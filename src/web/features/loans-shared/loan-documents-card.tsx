import type { ClientLoanJson } from "../../../domain/api/loans";
import { loanMessages } from "../../../domain/api/loans";
import { Card, CardBody, CardHeader } from "../../components/card";
import { DocumentList } from "./document-list";

/** The documents sent with the request. */
export function LoanDocumentsCard({ loan }: { loan: Pick<ClientLoanJson, "documents"> }) {
  return (
    <Card aria-labelledby="loan-documents-title" className="overflow-hidden">
      <CardHeader id="loan-documents-title" title="Documents associés" />
      {loan.documents.length === 0 ? (
        <CardBody>
          <p className="text-sm text-slate-600">{loanMessages.noDocument}</p>
        </CardBody>
      ) : (
        <DocumentList
          documents={loan.documents}
          caption="Documents associés à la demande"
          showType
          showSize
          tableMinWidth={860}
        />
      )}
    </Card>
  );
}
