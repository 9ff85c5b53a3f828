import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import {
  changePassword,
  confirmEmailChange,
  getUserDetail,
  requestEmailChange,
  updateUserProfile,
} from '@trustleaf/domain/api/profile';
import { EMAIL_CHANGE_MAX_ATTEMPTS, type UserDetail } from '@trustleaf/domain/schemas/profile';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { i18n, loadMessages } from '@/lib/i18n';
import { apiError, handle, sentTo, server } from '@/testing/msw';
import { renderApp } from '@/testing/test-utils';
import { validationFailure } from '@/testing/validation-failure';
import { AccountSettings } from './account-settings';

const WAIT = { timeout: 10_000 };
const NEW_PASSWORD = 'Str0ng&Secret!';
const DETAIL: UserDetail = {
  plUserId: 7,
  firstName: 'Jo',
  lastName: 'Member',
  email: 'jo@example.test',
  phone: '',
  preferredLanguage: 'en',
  pendingEmail: null,
};

beforeEach(() => {
  server.use(handle(getUserDetail, () => DETAIL));
});

async function passwordSection() {
  renderApp(<AccountSettings userId={7} />, { session: 'signed-in' });
  const section = within(await screen.findByRole('region', { name: 'Password' }, WAIT));
  const type = (testId: string, value: string) =>
    fireEvent.change(section.getByTestId(testId), { target: { value } });
  type('oldPassword', 'Old-pass-1234!');
  type('newPassword', NEW_PASSWORD);
  return { section, type };
}

afterEach(async () => {
  await act(async () => {
    await i18n.changeLanguage('en');
  });
});

describe('account settings (spec 3 §2)', { timeout: 20_000 }, () => {
  it('refuses a name holding a control character in the reader’s language, before any call', async () => {
    await loadMessages('app', 'fr');
    await act(async () => {
      await i18n.changeLanguage('fr');
    });
    renderApp(<AccountSettings userId={7} />, { session: 'signed-in' });
    const section = within(await screen.findByRole('region', { name: 'Vos informations' }, WAIT));
    fireEvent.change(section.getByLabelText('Prénom'), { target: { value: 'Jo\u0007' } });
    fireEvent.click(section.getByRole('button', { name: 'Enregistrer' }));
    expect(
      await section.findByText('Un nom ne peut contenir ni saut de ligne ni caractère de contrôle', {}, WAIT),
    ).toBeTruthy();
    expect(sentTo(updateUserProfile)).toHaveLength(0);
  });

  it('refuses a confirmation that differs, on its field, before any call', async () => {
    const { section, type } = await passwordSection();
    type('confirmPassword', `${NEW_PASSWORD}x`);
    fireEvent.click(section.getByRole('button', { name: 'Change password' }));
    expect(await section.findByText('Passwords do not match', {}, WAIT)).toBeTruthy();
    expect(section.getByTestId('confirmPassword').getAttribute('aria-invalid')).toBe('true');
    expect(sentTo(changePassword)).toHaveLength(0);
  });

  it("puts the server's refusal of the old password on that field, by its key", async () => {
    server.use(
      handle(changePassword, () =>
        validationFailure({
          field: 'oldPassword',
          message: 'Some English text',
          key: 'profile.messages.oldPasswordIncorrect',
        }),
      ),
    );
    const { section, type } = await passwordSection();
    type('confirmPassword', NEW_PASSWORD);
    fireEvent.click(section.getByRole('button', { name: 'Change password' }));
    expect(await section.findByText('Old password is incorrect', {}, WAIT)).toBeTruthy();
    expect(section.getByTestId('oldPassword').getAttribute('aria-invalid')).toBe('true');
    expect(section.queryByTestId('password-error')).toBeNull();
  });

  it('shows a refusal that names no field of the email form under it', async () => {
    server.use(
      handle(requestEmailChange, () =>
        apiError(409, 'CONFLICT', 'This email is already used by another account'),
      ),
    );
    renderApp(<AccountSettings userId={7} />, { session: 'signed-in' });
    const section = within(await screen.findByRole('region', { name: 'Email address' }, WAIT));
    fireEvent.change(section.getByTestId('new-email'), { target: { value: 'taken@example.test' } });
    fireEvent.change(section.getByTestId('email-password'), { target: { value: 'secret' } });
    fireEvent.click(section.getByRole('button', { name: 'Send code' }));
    await waitFor(() => expect(sentTo(requestEmailChange)).toHaveLength(1), WAIT);
    expect((await section.findByTestId('email-error', {}, WAIT)).textContent).toBe(
      'This email is already used by another account',
    );
  });

  it('once the code has had its tries, hides its field and readies a request for a new code', async () => {
    server.use(
      handle(getUserDetail, () => ({ ...DETAIL, pendingEmail: 'new@example.test' })),
      handle(confirmEmailChange, () =>
        validationFailure({
          field: 'code',
          message: 'The code is invalid or has expired',
          key: 'profile.messages.codeInvalid',
        }),
      ),
    );
    renderApp(<AccountSettings userId={7} />, { session: 'signed-in' });
    const section = within(await screen.findByRole('region', { name: 'Email address' }, WAIT));
    for (let tries = 1; tries <= EMAIL_CHANGE_MAX_ATTEMPTS; tries++) {
      fireEvent.change(await section.findByTestId('email-code', {}, WAIT), { target: { value: '123456' } });
      fireEvent.click(section.getByRole('button', { name: 'Confirm new email' }));
      await waitFor(() => expect(sentTo(confirmEmailChange)).toHaveLength(tries), WAIT);
    }
    const usedUp = await section.findByTestId('email-code-used-up', {}, WAIT);
    expect(usedUp.textContent).toContain(
      'This code can no longer be used: it was entered wrongly too many times. Request a new code for new@example.test.',
    );
    expect(section.queryByTestId('email-code')).toBeNull();
    fireEvent.click(within(usedUp).getByRole('button', { name: 'Request a new code' }));
    expect(section.getByTestId<HTMLInputElement>('new-email').value).toBe('new@example.test');
    await waitFor(() => expect(document.activeElement).toBe(section.getByTestId('email-password')));
  });

  it('hides the field when the server says the code has had its tries (after a reload)', async () => {
    server.use(
      handle(getUserDetail, () => ({ ...DETAIL, pendingEmail: 'new@example.test' })),
      handle(confirmEmailChange, () =>
        apiError(429, 'RATE_LIMITED', 'Too many attempts. Please request a new code.'),
      ),
    );
    renderApp(<AccountSettings userId={7} />, { session: 'signed-in' });
    const section = within(await screen.findByRole('region', { name: 'Email address' }, WAIT));
    fireEvent.change(await section.findByTestId('email-code', {}, WAIT), { target: { value: '123456' } });
    fireEvent.click(section.getByRole('button', { name: 'Confirm new email' }));
    expect(await section.findByTestId('email-code-used-up', {}, WAIT)).toBeTruthy();
    expect(section.queryByTestId('email-code')).toBeNull();
  });
});
