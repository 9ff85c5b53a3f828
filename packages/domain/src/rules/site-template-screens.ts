import type { AppliedElement, TemplateElementName } from './site-template.ts';

/**
 * The screens a site template may turn off, each by its menu element (spec 3 §2 menu keys). A menu
 * element is a phrase like the others: its text renames the menu entry; turned off, the entry and
 * the screen it opens are hidden (a hidden screen's address shows the not-found page). It only
 * hides: the API behind the screen answers as it always does. Kept apart from the catalogue, which
 * the sign-in page loads, as only signed-in screens ask.
 */
export const SCREEN_ELEMENTS = {
  webcrawler: 'menuWebcrawler',
  directory: 'menuDirectory',
  trustProfile: 'menuTrustProfile',
  companyPage: 'menuCompanyPage',
} as const satisfies Record<string, TemplateElementName>;

export type TemplateScreen = keyof typeof SCREEN_ELEMENTS;

const SCREEN_BY_ELEMENT = new Map<string, TemplateScreen>(
  Object.entries(SCREEN_ELEMENTS).map(([screen, element]) => [element, screen as TemplateScreen]),
);

/** The screen a menu element turns off; none for any other element. */
export function screenOf(elementName: string): TemplateScreen | undefined {
  return SCREEN_BY_ELEMENT.get(elementName);
}

/**
 * The screens the published template turns off: those whose menu element it lists as not enabled.
 * A screen the template does not mention stays, as every default does.
 */
export function hiddenScreens(elements: readonly AppliedElement[]): Set<TemplateScreen> {
  const hidden = new Set<TemplateScreen>();
  for (const element of elements) {
    const screen = screenOf(element.elementName);
    if (screen && !element.enabled) hidden.add(screen);
  }
  return hidden;
}
