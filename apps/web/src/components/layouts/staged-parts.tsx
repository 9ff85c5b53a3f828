import { createContext, Fragment, startTransition, use, useEffect, useState, type ReactNode } from 'react';

/**
 * Whether StagedParts renders every part at once: where no one is waiting on a main thread (the build's
 * render of a signed-in page for its styles, src/prerender.tsx).
 */
export const AllPartsAtOnce = createContext(false);

/**
 * Renders a screen's parts in order, one commit each after the first (each a task later, in a
 * transition): a screen that mounts in one commit holds a phone's main thread for all of it at once
 * (inserting the styles its parts use for the first time, its forms' first renders, the effects),
 * and nothing the person does can be answered meanwhile. Parts appear below those already shown, so
 * nothing moves.
 *
 * With a `placeholder`, the first part too comes a commit later, the placeholder in its place until
 * then: a form mounted with the rest of the page (react-hook-form sets state as the form mounts, which
 * React renders at once, in the same task, after running every effect of that commit) made the page's
 * first commit one long task.
 */
export function StagedParts({
  children,
  placeholder,
}: {
  children: readonly ReactNode[];
  placeholder?: ReactNode;
}) {
  const atOnce = use(AllPartsAtOnce);
  const [shown, setShown] = useState(placeholder === undefined ? 1 : 0);
  const count = children.length;
  useEffect(() => {
    if (shown >= count) return;
    const next = setTimeout(() => startTransition(() => setShown((parts) => parts + 1)), 0);
    return () => clearTimeout(next);
  }, [shown, count]);
  if (!atOnce && shown === 0) return placeholder;
  return children
    .slice(0, atOnce ? count : shown)
    .map((part, index) => <Fragment key={index}>{part}</Fragment>);
}
