import { Search } from "lucide-react";
import { maxSearchLength } from "../../../../domain/api/admin-loans";
import { TextField } from "../../../components/text-field";
import { useDebouncedSearch } from "../../../lib/use-debounced-search";

/** The clients list's search: names, e-mail or phone, sent to the server once typing pauses. */
export function ClientSearchBox({
  q,
  onSearch,
}: {
  /** The search in force (the URL's). */
  q: string;
  onSearch: (q: string) => void;
}) {
  const [draft, setDraft, typedRef] = useDebouncedSearch(q, onSearch);
  return (
    <search className="mb-5 rounded-xl border border-slate-200 bg-white p-4 shadow-xs">
      <div className="relative max-w-xl">
        <TextField
          type="search"
          label="Rechercher un client"
          hint="Prénom, nom, adresse e-mail ou numéro de téléphone"
          value={draft}
          ref={typedRef}
          maxLength={maxSearchLength}
          onChange={(event) => setDraft(event.target.value)}
          autoComplete="off"
        />
        <Search
          aria-hidden="true"
          className="pointer-events-none absolute top-10 right-3 size-5 text-slate-400"
        />
      </div>
    </search>
  );
}
