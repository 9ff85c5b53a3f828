import { screen } from '@testing-library/react';
import { devMailbox } from '@trustleaf/domain/api/dev';
import { describe, expect, it } from 'vitest';
import { MailboxRoute } from '@/app/routes/dev/mailbox';
import { answer, server } from '@/testing/msw';
import { renderApp } from '@/testing/test-utils';

const WAIT = { timeout: 10_000 };

describe('development mailbox', { timeout: 20_000 }, () => {
  it('links each address in a mail, without the punctuation that ends its sentence', async () => {
    server.use(
      answer(devMailbox, [
        {
          to: 'nina@example.com',
          subject: 'Your document was rejected',
          text: [
            'Upload a new version at http://localhost:3000/documents.',
            'Join: http://localhost:3000/auth/sign-up/personal?inviteMemberCode=Ou-0a_b',
            '(see https://trustleaf.example/help), or https://trustleaf.example/a.b?c=d!',
          ].join('\n'),
          html: '',
          createdAt: '2026-12-07T22:58:00.000Z',
        },
      ]),
    );
    renderApp(<MailboxRoute />, { session: 'signed-in' });
    await screen.findByText('Your document was rejected', {}, WAIT);
    const links = screen.getAllByRole('link').map((link) => link.getAttribute('href'));
    expect(links).toEqual([
      'http://localhost:3000/documents',
      'http://localhost:3000/auth/sign-up/personal?inviteMemberCode=Ou-0a_b',
      'https://trustleaf.example/help',
      'https://trustleaf.example/a.b?c=d',
    ]);
    expect(screen.getByText(/Upload a new version at/).textContent).toContain('/documents.\nJoin');
  });
});
