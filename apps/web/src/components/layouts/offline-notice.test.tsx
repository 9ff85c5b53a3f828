import { act, screen } from '@testing-library/react';
import { onlineManager } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n, loadMessages } from '@/lib/i18n';
import { renderApp } from '@/testing/test-utils';
import { OfflineNotice } from './offline-notice';

afterEach(async () => {
  await act(async () => {
    onlineManager.setOnline(true);
    await i18n.changeLanguage('en');
  });
});

describe('OfflineNotice', () => {
  it('says so while the browser is offline, in the reader’s language, and goes when it is back', async () => {
    await loadMessages('app', 'de');
    await act(async () => {
      await i18n.changeLanguage('de');
    });
    renderApp(<OfflineNotice />);
    expect(screen.queryByTestId('offline-notice')).toBeNull();
    act(() => onlineManager.setOnline(false));
    expect(screen.getByRole('status').textContent).toBe(
      'Sie sind offline. Was Sie speichern, wird gesendet, sobald die Verbindung wieder besteht.',
    );
    act(() => onlineManager.setOnline(true));
    expect(screen.queryByTestId('offline-notice')).toBeNull();
  });
});
