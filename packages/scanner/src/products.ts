import type { ProductVerification } from './types.ts';

const SIZE_SUFFIX =
  /\b\d+(?:[.,]\d+)?\s*(?:mg|g|gr|gram|grams|kg|ml|l|oz|fl\s*oz|lb|lbs|ct|count|pk|pack|pcs|pieces|capsules|caps|gummies|softgels|%)\b/g;

/**
 * Product names as compared: case, punctuation, size and count suffixes ("30 ml", "1000mg", "(60 ct)")
 * and extra spaces do not make two names different.
 */
export function normaliseProductName(name: string): string {
  return name
    .replace(/[\u2122\u00ae\u00a9]/g, '')
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(SIZE_SUFFIX, ' ')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

export interface SiteProduct {
  productName: string;
  url: string;
}

/**
 * Authorised products are found when the site lists them in product markup or names them in page text
 * (textHits holds the normalised authorised names seen in text); listed products that match no authorised
 * name are unauthorised, reported once with the first page they appeared on.
 */
export function compareProducts(
  authorized: readonly string[],
  siteProducts: readonly SiteProduct[],
  textHits: ReadonlySet<string> = new Set(),
): ProductVerification {
  const authorisedKeys = new Map<string, string>();
  for (const name of authorized) {
    const key = normaliseProductName(name);
    if (key && !authorisedKeys.has(key)) authorisedKeys.set(key, name.trim());
  }
  const siteKeys = new Set(siteProducts.map((p) => normaliseProductName(p.productName)));
  const authorizedProducts = [...authorisedKeys].map(([key, productName]) => ({
    productName,
    found: siteKeys.has(key) || textHits.has(key),
  }));
  const unauthorizedProducts: ProductVerification['unauthorizedProducts'] = [];
  const reported = new Set<string>();
  for (const product of siteProducts) {
    const key = normaliseProductName(product.productName);
    if (!key || authorisedKeys.has(key) || reported.has(key)) continue;
    reported.add(key);
    unauthorizedProducts.push({ productName: product.productName, url: product.url });
  }
  return { authorizedProducts, unauthorizedProducts };
}
