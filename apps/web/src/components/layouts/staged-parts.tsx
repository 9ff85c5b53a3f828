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
 */
export function StagedParts({ children }: { children: readonly ReactNode[] }) {
  const atOnce = use(AllPartsAtOnce);
  const [shown, setShown] = useState(1);
  const count = children.length;
  useEffect(() => {
    if (shown >= count) return;
    const next = setTimeout(() => startTransition(() => setShown((parts) => parts + 1)), 0);
    return () => clearTimeout(next);
  }, [shown, count]);
  return children
    .slice(0, atOnce ? count : shown)
    .map((part, index) => <Fragment key={index}>{part}</Fragment>);
}
