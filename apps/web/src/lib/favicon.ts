export const FAVICON_ACTIVE = '/favicon.svg';
export const FAVICON_INACTIVE = '/favicon-inactive.svg';

/** Spec 1 §2: a hidden tab shows the inactive icon so users can tell which tab is idle. */
export function setFaviconActive(active: boolean, doc: Document = document): void {
  const link = doc.querySelector<HTMLLinkElement>('link[rel~="icon"]');
  if (link) link.href = active ? FAVICON_ACTIVE : FAVICON_INACTIVE;
}
