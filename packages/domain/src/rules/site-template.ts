import type { ElementType } from '../schemas/site-template.ts';

/**
 * The elements a site template may change (spec 3 §9 "default images and phrases exist per site
 * template element"), each with its default. A TERMINOLOGY element is either a product name (`term`:
 * replaced wherever the default appears in any of the app's texts, in every language) or a sentence
 * (`keys`: the message keys it replaces whole). An IMAGE element's default is the built-in image at
 * `defaultImage`. Elements a template does not set, or that this list no longer knows, fall back to
 * these defaults.
 */
export interface TemplateElementDefinition {
  elementName: string;
  elementType: ElementType;
  /** The default phrase (English) or, for an image, its description. */
  phrase: string;
  /** Product names: every occurrence in the app's texts is replaced. */
  term?: boolean;
  /** Sentences: the message keys whose text the override replaces. */
  keys?: readonly string[];
  /** The built-in image used when the template has none. */
  defaultImage?: string;
}

export const TEMPLATE_ELEMENTS = [
  { elementName: 'logo', elementType: 'IMAGE', phrase: 'Logo', defaultImage: '/site-template/logo.svg' },
  { elementName: 'productName', elementType: 'TERMINOLOGY', phrase: 'Trustleaf', term: true },
  { elementName: 'qMonitor', elementType: 'TERMINOLOGY', phrase: 'Q-Monitor', term: true },
  { elementName: 'qVault', elementType: 'TERMINOLOGY', phrase: 'Q-Vault', term: true },
  { elementName: 'qReport', elementType: 'TERMINOLOGY', phrase: 'Q-Report', term: true },
  { elementName: 'qComply', elementType: 'TERMINOLOGY', phrase: 'Q-Comply', term: true },
  {
    elementName: 'signInSubtitle',
    elementType: 'TERMINOLOGY',
    phrase: 'Welcome back. Sign in to your Trustleaf account.',
    keys: ['auth.signIn.subtitle'],
  },
  {
    elementName: 'reportSubtitle',
    elementType: 'TERMINOLOGY',
    phrase: 'Independent webcrawler scan',
    keys: ['webcrawler.report.subtitle'],
  },
  {
    elementName: 'menuWebcrawler',
    elementType: 'TERMINOLOGY',
    phrase: 'Webcrawler',
    keys: ['billing.nav.webcrawler'],
  },
  {
    elementName: 'menuDirectory',
    elementType: 'TERMINOLOGY',
    phrase: 'Directory',
    keys: ['nav.directory'],
  },
  {
    elementName: 'menuTrustProfile',
    elementType: 'TERMINOLOGY',
    phrase: 'Trust profile',
    keys: ['nav.trustProfile'],
  },
  {
    elementName: 'menuCompanyPage',
    elementType: 'TERMINOLOGY',
    phrase: 'Company page',
    keys: ['nav.companyPage'],
  },
] as const satisfies readonly TemplateElementDefinition[];

export type TemplateElementName = (typeof TEMPLATE_ELEMENTS)[number]['elementName'];

const BY_NAME = new Map<string, TemplateElementDefinition>(
  TEMPLATE_ELEMENTS.map((element) => [element.elementName, element]),
);

export function templateElement(name: string): TemplateElementDefinition | undefined {
  return BY_NAME.get(name);
}

/** An element as a page applies it (the public branding answer). */
export interface AppliedElement {
  elementName: string;
  elementType: ElementType;
  enabled: boolean;
  text: string | null;
  imageUrl: string | null;
}

/** The replacements a template makes to the app's texts: whole messages by key, and product names. */
export interface TextOverrides {
  byKey: Map<string, string>;
  terms: [from: string, to: string][];
}

/**
 * What a published template changes in the texts: only enabled TERMINOLOGY elements that use their
 * override and that this catalogue knows; anything else keeps its default.
 */
export function textOverrides(elements: readonly AppliedElement[]): TextOverrides {
  const byKey = new Map<string, string>();
  const terms: [string, string][] = [];
  for (const element of elements) {
    const definition = BY_NAME.get(element.elementName);
    if (!definition || definition.elementType !== 'TERMINOLOGY') continue;
    if (!element.enabled || element.text === null || element.text.trim() === '') continue;
    if (definition.term) terms.push([definition.phrase, element.text]);
    for (const key of definition.keys ?? []) byKey.set(key, element.text);
  }
  // Longer names first, so "Trustleaf Pro" would be replaced before "Trustleaf".
  terms.sort((a, b) => b[0].length - a[0].length);
  return { byKey, terms };
}

/** Applies the overrides to one message (its key and its text in the current language). */
export function applyTextOverrides(overrides: TextOverrides, key: string, value: string): string {
  const whole = overrides.byKey.get(key);
  if (whole !== undefined) return whole;
  let text = value;
  for (const [from, to] of overrides.terms) if (text.includes(from)) text = text.split(from).join(to);
  return text;
}

/**
 * The image a page shows for an IMAGE element: the template's upload, the built-in default, or none
 * when the template turns the element off.
 */
export function imageFor(elements: readonly AppliedElement[], name: string): string | null {
  const definition = BY_NAME.get(name);
  const element = elements.find((candidate) => candidate.elementName === name);
  if (element && !element.enabled) return null;
  return element?.imageUrl ?? definition?.defaultImage ?? null;
}
