import { fireEvent, screen } from '@testing-library/react';
import { trustProfileSettings } from '@trustleaf/domain/api/trust';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answer, server } from '@/testing/msw';
import { renderApp } from '@/testing/test-utils';
import { TrustProfileSettings } from './trust-profile-settings';

const WAIT = { timeout: 10_000 };
const PROFILE = 'https://app.example/trust/acme-hemp';
const EMBED = `<a href="${PROFILE}"><img src="${PROFILE}/badge.svg" alt="Trustleaf verified seal" height="40"></a>`;

function renderPublished() {
  server.use(
    answer(trustProfileSettings, {
      plCompanyId: 42,
      published: true,
      slug: 'acme-hemp',
      profileUrl: PROFILE,
      badgeUrl: `${PROFILE}/badge.svg`,
      sealUrl: null,
      held: false,
      holdReason: null,
      eligible: false,
      blockers: [],
      seal: null,
    }),
  );
  renderApp(<TrustProfileSettings plCompanyId={42} canManage />, { session: 'signed-in' });
}

afterEach(() => vi.unstubAllGlobals());

describe('trust profile settings: the badge code', { timeout: 20_000 }, () => {
  it('is copied by one button, which says where to paste it', async () => {
    const writeText = vi.fn(() => Promise.resolve());
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    renderPublished();
    fireEvent.click(await screen.findByRole('button', { name: 'Copy code' }, WAIT));
    expect(
      await screen.findByText('Badge code copied. Paste it into your website’s HTML.', {}, WAIT),
    ).toBeTruthy();
    expect(writeText).toHaveBeenCalledWith(EMBED);
  });

  it('is selected for the user where the browser gives no clipboard', async () => {
    vi.stubGlobal('navigator', { ...navigator, clipboard: undefined });
    renderPublished();
    fireEvent.click(await screen.findByRole('button', { name: 'Copy code' }, WAIT));
    expect(
      await screen.findByText('The code is selected: copy it with your device’s Copy command.', {}, WAIT),
    ).toBeTruthy();
    const field = screen.getByLabelText<HTMLTextAreaElement>('Badge code for your website');
    expect(document.activeElement).toBe(field);
    expect(field.value.slice(field.selectionStart, field.selectionEnd)).toBe(EMBED);
  });
});
