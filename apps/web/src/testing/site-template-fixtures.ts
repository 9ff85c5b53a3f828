import type { AppliedElement } from '@trustleaf/domain/rules/site-template';

/** A site template's terminology element as the branding answer gives it (a menu entry, a name). */
export const terminology = (
  elementName: string,
  enabled = true,
  text: string | null = null,
): AppliedElement => ({
  elementName,
  elementType: 'TERMINOLOGY',
  enabled,
  text,
  imageUrl: null,
});
