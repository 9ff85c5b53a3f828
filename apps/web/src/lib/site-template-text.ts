import {
  applyTextOverrides,
  textOverrides,
  type AppliedElement,
  type TextOverrides,
} from '@trustleaf/domain/rules/site-template';

/**
 * The phrase lookup every message goes through (spec 3 §1: partner sites rename the product's
 * phrases): an i18next post-processor that applies the published site template to each text. With no
 * template it returns the text untouched. Kept apart from the loader so `lib/i18n` can register it
 * without an import cycle.
 */
let current: TextOverrides = { byKey: new Map(), terms: [] };
let isEmpty = true;

export const SITE_TEMPLATE_CHANGED = 'siteTemplateChanged';

/** Sets the template's texts; whether any message now reads differently. */
export function setTextOverrides(elements: readonly AppliedElement[]): boolean {
  const next = textOverrides(elements);
  const changed = !sameOverrides(current, next);
  current = next;
  isEmpty = current.byKey.size === 0 && current.terms.length === 0;
  return changed;
}

function sameOverrides(a: TextOverrides, b: TextOverrides): boolean {
  return (
    a.byKey.size === b.byKey.size &&
    [...a.byKey].every(([key, text]) => b.byKey.get(key) === text) &&
    a.terms.length === b.terms.length &&
    a.terms.every(([from, to], index) => b.terms[index]?.[0] === from && b.terms[index]?.[1] === to)
  );
}

export const siteTemplatePostProcessor = {
  type: 'postProcessor' as const,
  name: 'siteTemplate',
  process(value: unknown, key: string | string[]): unknown {
    if (isEmpty || typeof value !== 'string') return value;
    return applyTextOverrides(current, Array.isArray(key) ? (key[0] ?? '') : key, value);
  },
};
