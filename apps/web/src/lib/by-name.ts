/**
 * Items in the alphabetical order of the reader's language by the names the reader sees (the API lists
 * reference data by its stored English names).
 */
export function byName<T>(items: readonly T[], nameOf: (item: T) => string, language: string): T[] {
  const collator = new Intl.Collator(language, { sensitivity: 'base', numeric: true });
  return [...items].sort((a, b) => collator.compare(nameOf(a), nameOf(b)));
}
