import { fireEvent, screen, waitFor } from '@testing-library/react';
import { checkValidUrl, scanUrl } from '@trustleaf/domain/api/webcrawler';
import { afterEach, describe, expect, it } from 'vitest';
import { useAppStore } from '@/stores/app-store';
import { handle, server } from '@/testing/msw';
import { renderApp } from '@/testing/test-utils';
import { ScanForm } from './scan-form';

afterEach(() => {
  useAppStore.setState((state) => ({ account: { ...state.account, jobs: [] } }));
});

function renderForm() {
  server.use(
    handle(checkValidUrl, () => ({ status: 'SUCCESS' as const, url: 'https://shop.example/' })),
    handle(scanUrl, () => ({
      jobId: '6f1c1c8e-7a55-4c55-9d0e-1f1f8a0e0001',
      status: 'processing' as const,
      plViolationCheckId: null,
    })),
  );
  renderApp(
    <ScanForm
      plCompanyId={7}
      companyName="Acme Hemp"
      initialUrl=""
      initialIsVideo={false}
      gates={{ toggles: 'NORMAL', additionalWords: 'NORMAL', bypass: false }}
    />,
    { session: 'signed-in' },
  );
  return screen.getByLabelText<HTMLInputElement>('Website URL');
}

describe('the URL field status icon (spec 3 §4 "Scanner form")', () => {
  it('shows the tick on the field emptied by a started scan, and follows the field once it is edited', async () => {
    const field = renderForm();
    fireEvent.change(field, { target: { value: 'https://shop.example/' } });
    fireEvent.click(screen.getByRole('button', { name: 'Scan' }));
    await waitFor(() => expect(screen.getByTestId('url-ok')).toBeTruthy());
    expect(field.value).toBe('');
    // Typed and cleared again: the field holds nothing checked, so no tick.
    fireEvent.change(field, { target: { value: 'https://other.example/' } });
    expect(screen.queryByTestId('url-ok')).toBeNull();
    fireEvent.change(field, { target: { value: '' } });
    expect(screen.queryByTestId('url-ok')).toBeNull();
    expect(screen.queryByTestId('url-bad')).toBeNull();
    // A malformed address still shows the error icon.
    fireEvent.change(field, { target: { value: 'not a url' } });
    expect(screen.getByTestId('url-bad')).toBeTruthy();
  });
});
