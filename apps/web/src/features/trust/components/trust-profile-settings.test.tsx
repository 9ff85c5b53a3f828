import { act, fireEvent, screen } from '@testing-library/react';
import { trustProfileSettings } from '@trustleaf/domain/api/trust';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n, loadMessages } from '@/lib/i18n';
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

afterEach(async () => {
  vi.unstubAllGlobals();
  await act(async () => {
    await i18n.changeLanguage('en');
  });
});

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

describe('trust profile settings: what stands between the company and its seal', { timeout: 20_000 }, () => {
  it('names a seeded document type in the reader’s language and a renamed one as typed', async () => {
    await loadMessages('app', 'fr');
    await act(async () => {
      await i18n.changeLanguage('fr');
    });
    server.use(
      answer(trustProfileSettings, {
        plCompanyId: 42,
        published: false,
        slug: null,
        profileUrl: null,
        badgeUrl: null,
        sealUrl: null,
        held: false,
        holdReason: null,
        eligible: false,
        blockers: [
          { reason: 'NOT_PUBLISHED' },
          {
            reason: 'DOCUMENT_MISSING',
            documentType: 'Business Registration',
            documentTypeSeedKey: 'businessRegistration',
          },
          { reason: 'DOCUMENT_REJECTED', documentType: 'Hemp Licence (NY)', documentTypeSeedKey: null },
        ],
        seal: null,
      }),
    );
    renderApp(<TrustProfileSettings plCompanyId={42} canManage />, { session: 'signed-in' });
    const status = await screen.findByTestId('trust-seal-status', {}, WAIT);
    expect([...status.querySelectorAll('li')].map((item) => item.textContent)).toEqual([
      'Le profil n’est pas publié.',
      'Immatriculation de l’entreprise : non téléversé.',
      'Hemp Licence (NY) : rejeté.',
    ]);
  });
});
