/** Every paginated answer of the API has this shape. */
export type Page<T> = { items: T[]; total: number; page: number; pageSize: number };

export const maxPageSize = 100;
export const invalidPageMessage = "Numéro de page invalide";

export type PageQuery = { page: number; pageSize: number };

export function pageCount(page: Pick<Page<unknown>, "total" | "pageSize">): number {
  return Math.max(1, Math.ceil(page.total / page.pageSize));
}
