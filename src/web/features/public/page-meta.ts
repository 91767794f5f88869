import { firm } from "../../../domain/firm";

type PageMetaInput = {
  /** The page's own title, without the firm's name. */
  title: string;
  description: string;
  /** The page's path ("/", "/contact"), for og:url and the canonical link. */
  path: string;
};

/**
 * The public site's origin, when known at build time (VITE_PUBLIC_URL). The pages are prerendered
 * before any server runs, so og:url and the canonical link are only given absolute when it is set.
 */
const siteOrigin = (import.meta.env.VITE_PUBLIC_URL as string | undefined)?.replace(/\/+$/, "");

/** The title, description and Open Graph tags of a public page (React Router `meta` export). */
export function pageMeta({ title, description, path }: PageMetaInput) {
  const fullTitle = `${title} | ${firm.name}`;
  const tags = [
    { title: fullTitle },
    { name: "description", content: description },
    { property: "og:type", content: "website" },
    { property: "og:site_name", content: firm.name },
    { property: "og:locale", content: "fr_FR" },
    { property: "og:title", content: fullTitle },
    { property: "og:description", content: description },
    { name: "twitter:card", content: "summary" },
  ];
  if (siteOrigin) {
    const url = `${siteOrigin}${path}`;
    tags.push({ property: "og:url", content: url });
    return [...tags, { tagName: "link", rel: "canonical", href: url }];
  }
  return tags;
}
