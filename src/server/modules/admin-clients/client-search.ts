import { or, type SQL, sql } from "drizzle-orm";
import { phoneSearchDigits } from "../../../domain/api/admin-clients";
import { user } from "../../db/schema";
import { escapeLike } from "../admin-loans/admin-loans.list";

/**
 * The clients a search term finds: first name, last name and e-mail through user.search_text
 * (lower case, unaccented, trigram-indexed; the term goes through the same f_unaccent(lower())),
 * and the phone's digits when the term reads as a phone number ("07 08 09", "+225 0708").
 * The phone side scans the clients' phones: no index serves a digits-only substring of a
 * free-form column, and it only runs for terms without letters.
 */
export function clientSearchCondition(term: string): SQL {
  const byName = sql`${user.searchText} like '%' || f_unaccent(lower(${escapeLike(term)})) || '%'`;
  const digits = phoneSearchDigits(term);
  if (digits === null) return byName;
  const phoneDigits = sql`regexp_replace(coalesce(${user.phone}, ''), '[^0-9]', '', 'g')`;
  return or(byName, sql`${phoneDigits} like ${`%${digits}%`}`) as SQL;
}
