import type { UserJson } from "../../../../domain/api/users";
import { type OfficeId, officeCity } from "../../../../domain/firm";
import type { SelectOption } from "../../../components/select-field";

/** "Agence de Dakar", "Agence d'Abidjan": the group of the request's own officers. */
export function officeGroupLabel(office: OfficeId): string {
  const city = officeCity(office);
  return /^[AEIOUÉ]/i.test(city) ? `Agence d'${city}` : `Agence de ${city}`;
}

export const otherOfficersLabel = "Autres administrateurs";

function optionLabel(admin: UserJson): string {
  return `${`${admin.firstName} ${admin.lastName}`.trim() || admin.email} (${admin.email})`;
}

/**
 * The assign dialog's choices: the officers of the request's office first, under its name, then
 * the others (officers of other offices, or of none), each group in the server's order (by name).
 * When nobody works in that office there is one list, ungrouped.
 */
export function assignOptions(
  administrators: readonly UserJson[],
  office: OfficeId,
): SelectOption[] {
  const own = administrators.filter((admin) => admin.office === office);
  const others = administrators.filter((admin) => admin.office !== office);
  if (own.length === 0) {
    return others.map((admin) => ({ value: admin.id, label: optionLabel(admin) }));
  }
  const ownGroup = officeGroupLabel(office);
  return [
    ...own.map((admin) => ({ value: admin.id, label: optionLabel(admin), group: ownGroup })),
    ...others.map((admin) => ({
      value: admin.id,
      label: optionLabel(admin),
      group: otherOfficersLabel,
    })),
  ];
}
