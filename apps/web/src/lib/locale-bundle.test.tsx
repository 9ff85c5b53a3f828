import { startTransition, Suspense, useState, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { useTranslation } from 'react-i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/lib/i18n';
import { loadExtraLocale, useExtraLocale } from '@/lib/locale-bundle';

/** A dialog's shape: the extra strings first, then hooks of its own, then an extra string. */
function Dialog() {
  useExtraLocale();
  const [label] = useState('inputs.upload.choose');
  const { t } = useTranslation();
  return <p>{t(label)}</p>;
}

let open: () => void = () => {};

/** A page that opens the dialog in a transition: React keeps the page, waits, then replays the dialog. */
function Page() {
  const [isOpen, setOpen] = useState(false);
  open = () => startTransition(() => setOpen(true));
  return isOpen ? <Dialog /> : <p>Page</p>;
}

let root: Root | null = null;
const onRecoverableError = vi.fn();

/** Rendered as the browser renders: concurrently, outside `act`. */
function mount(children: ReactNode) {
  const container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container, { onRecoverableError });
  root.render(<Suspense fallback={<p>Loading</p>}>{children}</Suspense>);
  return container;
}

beforeEach(() => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false;
});
afterEach(async () => {
  root?.unmount();
  root = null;
  document.body.replaceChildren();
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  await i18n.changeLanguage('en');
});

describe('useExtraLocale', () => {
  it('opens a dialog in its language once the extra strings are in, with no recoverable error', async () => {
    const consoleError = vi.spyOn(console, 'error');
    await i18n.changeLanguage('nl');
    const container = mount(<Page />);
    await vi.waitFor(() => expect(container.textContent).toBe('Page'));
    open();
    await vi.waitFor(() => expect(container.textContent).toBe('Bestand kiezen'));
    expect(onRecoverableError).not.toHaveBeenCalled();
    expect(consoleError).not.toHaveBeenCalled();
  });

  it('renders a dialog at once, without the fallback, when the strings are already in', async () => {
    await loadExtraLocale('de');
    await i18n.changeLanguage('de');
    const container = mount(<Dialog />);
    await vi.waitFor(() => expect(container.textContent).not.toBe(''));
    expect(container.textContent).toBe('Datei auswählen');
  });
});
