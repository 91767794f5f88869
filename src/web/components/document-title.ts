import { firm } from "../../domain/firm";

/** "Mon profil | Horizon Crédit Afrique" */
export function documentTitle(title?: string): string {
  return title ? `${title} | ${firm.name}` : firm.name;
}
