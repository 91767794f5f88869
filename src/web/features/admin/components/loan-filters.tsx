import { maxSearchLength } from "../../../../domain/api/admin-loans";
import type { AdminLoanFilter } from "../../../../domain/api/admin-loans.schema";
import { servicingFilterLabels, servicingFilters } from "../../../../domain/api/servicing";
import { offices } from "../../../../domain/firm";
import { loanStatuses, loanStatusLabels } from "../../../../domain/loan-status";
import { loanTypeLabels, loanTypes } from "../../../../domain/loan-type";
import { Checkbox } from "../../../components/checkbox";
import { SelectField } from "../../../components/select-field";
import { TextField } from "../../../components/text-field";
import { useDebouncedSearch } from "../../../lib/use-debounced-search";
import { useTypedBeforeStart } from "../../../lib/use-typed-before-start";

const statusOptions = loanStatuses.map((status) => ({
  value: status,
  label: loanStatusLabels[status],
}));
const typeOptions = loanTypes.map((type) => ({ value: type, label: loanTypeLabels[type] }));
const officeOptions = offices.map((office) => ({ value: office.id, label: office.city }));
const servicingOptions = servicingFilters.map((filter) => ({
  value: filter,
  label: servicingFilterLabels[filter],
}));

type LoanFiltersProps = {
  filter: AdminLoanFilter;
  onStatusChange: (status: string) => void;
  onTypeChange: (type: string) => void;
  onOfficeChange: (office: string) => void;
  /** `suivi` (issue 28): after the decision, where the approved loans stand. */
  onServicingChange: (servicing: string) => void;
  onOverdueChange: (overdue: boolean) => void;
  /** Called once typing pauses. */
  onSearch: (q: string) => void;
};

export function LoanFilters({
  filter,
  onStatusChange,
  onTypeChange,
  onOfficeChange,
  onServicingChange,
  onOverdueChange,
  onSearch,
}: LoanFiltersProps) {
  const [draft, setDraft, typedRef] = useDebouncedSearch(filter.q ?? "", onSearch);
  // A filter chosen before the page's app has started applies once it has.
  const statusRef = useTypedBeforeStart<HTMLSelectElement>((value) =>
    onStatusChange(String(value)),
  );
  const typeRef = useTypedBeforeStart<HTMLSelectElement>((value) => onTypeChange(String(value)));
  const officeRef = useTypedBeforeStart<HTMLSelectElement>((value) =>
    onOfficeChange(String(value)),
  );
  const servicingRef = useTypedBeforeStart<HTMLSelectElement>((value) =>
    onServicingChange(String(value)),
  );
  const overdueRef = useTypedBeforeStart<HTMLInputElement>((value) =>
    onOverdueChange(value === true),
  );

  return (
    <search className="mb-5 grid gap-4 rounded-xl border border-slate-200 bg-white p-4 shadow-xs sm:grid-cols-2 xl:grid-cols-4 2xl:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_minmax(0,1fr)_minmax(0,1fr)_minmax(0,1fr)]">
      {/* Its own row until the five fit on one without cutting the selects' texts. */}
      <div className="sm:col-span-2 xl:col-span-4 2xl:col-span-1">
        <TextField
          type="search"
          label="Rechercher un client"
          placeholder="Prénom, nom ou e-mail"
          value={draft}
          ref={typedRef}
          maxLength={maxSearchLength}
          onChange={(event) => setDraft(event.target.value)}
          autoComplete="off"
        />
      </div>
      <SelectField
        label="Statut"
        placeholder="Tous les statuts"
        options={statusOptions}
        value={filter.status ?? ""}
        ref={statusRef}
        onChange={(event) => onStatusChange(event.target.value)}
      />
      <SelectField
        label="Type de prêt"
        placeholder="Tous les types"
        options={typeOptions}
        value={filter.type ?? ""}
        ref={typeRef}
        onChange={(event) => onTypeChange(event.target.value)}
      />
      <SelectField
        label="Agence"
        placeholder="Toutes les agences"
        options={officeOptions}
        value={filter.agence ?? ""}
        ref={officeRef}
        onChange={(event) => onOfficeChange(event.target.value)}
      />
      <SelectField
        label="Suivi"
        placeholder="Tous"
        options={servicingOptions}
        value={filter.suivi ?? ""}
        ref={servicingRef}
        onChange={(event) => onServicingChange(event.target.value)}
      />
      <div className="sm:col-span-2 xl:col-span-4 2xl:col-span-5">
        <Checkbox
          label="En retard uniquement (sans décision après 48 h)"
          checked={filter.retard === true}
          ref={overdueRef}
          onChange={(event) => onOverdueChange(event.target.checked)}
        />
      </div>
    </search>
  );
}
