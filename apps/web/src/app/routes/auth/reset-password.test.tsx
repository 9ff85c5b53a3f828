import { fireEvent, screen } from '@testing-library/react';
import { resetPassword } from '@trustleaf/domain/api/auth';
import { AUTH_REFUSALS } from '@trustleaf/domain/refusals';
import { describe, expect, it } from 'vitest';
import { ResetPasswordRoute } from '@/app/routes/auth/reset-password';
import { paths } from '@/config/paths';
import { handle, server } from '@/testing/msw';
import { renderApp } from '@/testing/test-utils';
import { validationFailure } from '@/testing/validation-failure';

const WAIT = { timeout: 10_000 };
const { key, message } = AUTH_REFUSALS.resetLinkInvalid;

describe('/auth/reset-password', { timeout: 20_000 }, () => {
  it('offers a new link in place of the form when the server refuses the link as expired or used', async () => {
    server.use(handle(resetPassword, () => validationFailure({ field: '', message, key })));
    renderApp(<ResetPasswordRoute />, {
      route: '/auth/reset-password?token=old-token',
      session: 'signed-out',
    });
    const password = { target: { value: 'New-Passw0rd-2026!' } };
    fireEvent.input(await screen.findByLabelText('New password', {}, WAIT), password);
    fireEvent.input(screen.getByLabelText('Confirm new password'), password);
    fireEvent.click(screen.getByRole('button', { name: 'Set new password' }));

    const refusal = await screen.findByTestId('reset-link-invalid', {}, WAIT);
    expect(refusal.textContent).toBe('This reset link is invalid or has expired');
    const again = screen.getByRole('link', { name: 'Request a new link' });
    expect(again.getAttribute('href')).toBe(paths.auth.forgotPassword.getHref());
    expect(screen.queryByLabelText('New password')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Set new password' })).toBeNull();
  });

  it('offers a new link when the address has no token', async () => {
    renderApp(<ResetPasswordRoute />, { route: '/auth/reset-password', session: 'signed-out' });
    expect((await screen.findByTestId('reset-link-invalid', {}, WAIT)).textContent).toBe(
      'This reset link is invalid or has expired',
    );
    expect(screen.getByRole('link', { name: 'Request a new link' }).getAttribute('href')).toBe(
      paths.auth.forgotPassword.getHref(),
    );
  });
});
