import { fireEvent, screen, waitFor } from '@testing-library/react';
import { inviteMember } from '@trustleaf/domain/api/team';
import { describe, expect, it, vi } from 'vitest';
import { apiError, handle, sentTo, server } from '@/testing/msw';
import { renderApp } from '@/testing/test-utils';
import { validationFailure } from '@/testing/validation-failure';
import { InviteForm } from './invite-form';

const WAIT = { timeout: 10_000 };

function invite(email: string) {
  renderApp(<InviteForm plCompanyId={42} />, { session: 'signed-in' });
  fireEvent.change(screen.getByTestId('invite-email'), { target: { value: email } });
  fireEvent.click(screen.getByTestId('invite-submit'));
}

describe('the invite form (spec 3 §6)', { timeout: 20_000 }, () => {
  it("refuses an address the API's schema refuses, before any call", async () => {
    server.use(handle(inviteMember, () => ({ ok: true })));
    invite('not-an-address');
    expect(await screen.findByText('Must be a valid email', {}, WAIT)).toBeTruthy();
    expect(screen.getByTestId('invite-email').getAttribute('aria-invalid')).toBe('true');
    expect(sentTo(inviteMember)).toHaveLength(0);
  });

  it('sends the address and role, then empties the address', async () => {
    server.use(handle(inviteMember, () => ({ ok: true })));
    invite(' New.Member@Example.test ');
    await waitFor(() => expect(sentTo(inviteMember)).toHaveLength(1), WAIT);
    expect(sentTo(inviteMember)[0]).toMatchObject({ plCompanyId: 42, role: 'User' });
    await waitFor(() => expect(screen.getByTestId<HTMLInputElement>('invite-email').value).toBe(''), WAIT);
  });

  it("puts the server's refusal of the address on the field, by its key", async () => {
    server.use(
      handle(inviteMember, () =>
        validationFailure({ field: 'email', message: 'An English text', key: 'team.messages.banned' }),
      ),
    );
    invite('banned@example.test');
    expect(
      await screen.findByText('This person was removed from the company and cannot rejoin', {}, WAIT),
    ).toBeTruthy();
    expect(screen.getByTestId('invite-email').getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByTestId('invite-error')).toBeNull();
  });

  it('shows a refusal that names no field under the form', async () => {
    server.use(
      handle(inviteMember, () =>
        apiError(409, 'CONFLICT', 'This person was removed from the company and cannot rejoin'),
      ),
    );
    // jsdom lays nothing out and has no scrollIntoView: the call is what is checked.
    const scrolled = vi.fn();
    Element.prototype.scrollIntoView = scrolled;
    try {
      invite('banned@example.test');
      const alert = await screen.findByTestId('invite-error', {}, WAIT);
      expect(alert.textContent).toContain('cannot rejoin');
      // On a phone the alert is below the screen's end: it is brought into view.
      expect(scrolled.mock.contexts).toContain(alert);
    } finally {
      delete (Element.prototype as Partial<Element>).scrollIntoView;
    }
  });
});
