import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { getSystemSettings, updateSystemSetting } from '@trustleaf/domain/api/system';
import { defaultSystemSettings } from '@trustleaf/domain/schemas/system';
import { beforeEach, describe, expect, it } from 'vitest';
import { handle, sentTo, server } from '@/testing/msw';
import { renderApp } from '@/testing/test-utils';
import { validationFailure } from '@/testing/validation-failure';
import { SystemSettingsPanel } from './system-settings-panel';

const WAIT = { timeout: 10_000 };

beforeEach(() => {
  server.use(
    handle(getSystemSettings, () => defaultSystemSettings()),
    handle(updateSystemSetting, () => defaultSystemSettings()),
  );
});

async function card(testId: string) {
  renderApp(<SystemSettingsPanel />, { session: 'signed-in' });
  return within(await screen.findByTestId(testId, {}, WAIT));
}

describe('system settings (spec 3 §3)', { timeout: 20_000 }, () => {
  it("refuses an amount the API's schema refuses, on its field, before any call", async () => {
    const expiration = await card('setting-expiration');
    fireEvent.change(expiration.getByLabelText('Amount'), { target: { value: '0' } });
    fireEvent.click(expiration.getByRole('button', { name: 'Save' }));
    expect(await expiration.findByText('Must be at least 1', {}, WAIT)).toBeTruthy();
    expect(expiration.getByLabelText('Amount').getAttribute('aria-invalid')).toBe('true');
    expect(sentTo(updateSystemSetting)).toHaveLength(0);
  });

  it('sends a list typed one a line as the setting', async () => {
    const phrases = await card('setting-violation-phrases');
    fireEvent.change(phrases.getByLabelText('Phrases'), { target: { value: 'cures\nheals' } });
    fireEvent.click(phrases.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sentTo(updateSystemSetting)).toHaveLength(1), WAIT);
    expect(sentTo(updateSystemSetting)[0]).toEqual({ key: 'violation_phrase', value: ['cures', 'heals'] });
  });

  it("puts the server's refusal of a list entry on the list's field", async () => {
    server.use(
      handle(updateSystemSetting, () =>
        validationFailure({ field: 'value.1', message: 'Maximum 100 characters', key: 'validation.too_big' }),
      ),
    );
    const phrases = await card('setting-violation-phrases');
    fireEvent.change(phrases.getByLabelText('Phrases'), { target: { value: 'cures\nheals' } });
    fireEvent.click(phrases.getByRole('button', { name: 'Save' }));
    await waitFor(
      () => expect(phrases.getByLabelText('Phrases').getAttribute('aria-invalid')).toBe('true'),
      WAIT,
    );
    expect(phrases.getByText('Maximum 100 characters')).toBeTruthy();
    expect(phrases.queryByRole('alert')).toBeNull();
  });
});
