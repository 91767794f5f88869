/**
 * A sidebar item is active when the path equals its path or starts with it (a sub-page), except
 * the section root (/client, /admin), which is active only on equality.
 */
export function isNavItemActive(pathname: string, itemPath: string, rootPath: string): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
  if (path === itemPath) return true;
  if (itemPath === rootPath) return false;
  return path.startsWith(`${itemPath}/`);
}
