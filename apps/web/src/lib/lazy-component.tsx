import { lazy, type ComponentType, type ReactElement } from 'react';

/**
 * A component whose code loads on first use, like React.lazy, with `preload` to fetch it ahead (when
 * someone points at the button that opens it, or starts on the form that may show it). Once the code
 * is in, the component renders in the very render that asks for it. Through React.lazy alone its first
 * showing always went through the Suspense boundary's fallback, however early the code had been
 * fetched (a lazy component asks for its code only when first rendered), and React holds back what a
 * boundary reveals until 300 ms after its fallback appeared: the language menu opened 350 ms after the
 * click, and a wrong password's message came 300 ms after the button stopped turning.
 */
export function lazyComponent<P extends object>(load: () => Promise<ComponentType<P>>) {
  let loaded: ComponentType<P> | null = null;
  let pending: Promise<ComponentType<P>> | null = null;
  const fetchCode = () =>
    (pending ??= load().then(
      (component) => (loaded = component),
      (error: unknown) => {
        // A failed fetch (a deploy removed the file, the network dropped) may be tried again.
        pending = null;
        throw error;
      },
    ));
  const Lazy = lazy(() => fetchCode().then((component) => ({ default: component })));
  function LazyComponent(props: P): ReactElement {
    const Loaded = loaded;
    return Loaded ? <Loaded {...props} /> : <Lazy {...props} />;
  }
  return Object.assign(LazyComponent, { preload: (): Promise<void> => fetchCode().then(() => undefined) });
}
