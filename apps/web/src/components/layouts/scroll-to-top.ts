import { useLayoutEffect, useRef } from 'react';
import { NavigationType, useLocation, useNavigationType } from 'react-router';

/**
 * A page the person goes to opens at its top: the router keeps the window where it was, so a link
 * followed from far down a long page (the sign-up form's end, the Webcrawler's history) opened the next
 * page scrolled down, its heading under the app bar. Going back or forward (POP) is left to the browser,
 * and a change of the query alone (a dialog opened by its address) keeps the page where it is.
 */
export function useScrollToTopOnNavigation(): void {
  const { pathname } = useLocation();
  const navigationType = useNavigationType();
  const shownPath = useRef<string | null>(null);
  useLayoutEffect(() => {
    const arrived = shownPath.current !== pathname;
    shownPath.current = pathname;
    if (arrived && navigationType !== NavigationType.Pop) window.scrollTo(0, 0);
  }, [pathname, navigationType]);
}
