import { act, fireEvent, render, screen } from '@testing-library/react';
import { SnackbarProvider } from 'notistack';
import { describe, expect, it, vi } from 'vitest';
import { legalText } from '@/features/accounts/components/legal-text';
import {
  isScrolledToEnd,
  LicenceAgreementDialog,
} from '@/features/accounts/components/licence-agreement-dialog';
import { VerifyEmailDialog } from '@/features/accounts/components/verify-email-dialog';
import '@/lib/i18n';
import '@/lib/locale-bundle';

describe('verification modal', () => {
  function open(onVerify = vi.fn(async () => undefined)) {
    render(
      <SnackbarProvider>
        <VerifyEmailDialog
          email="ada@example.test"
          onClose={() => undefined}
          onVerify={onVerify}
          onResend={vi.fn(async () => undefined)}
        />
      </SnackbarProvider>,
    );
    return onVerify;
  }

  it('pastes exactly six digits into the six boxes and verifies them', async () => {
    const onVerify = open();
    const first = screen.getByLabelText('Digit 1 of 6');
    fireEvent.paste(first, { clipboardData: { getData: () => '12345' } });
    expect(screen.getByLabelText<HTMLInputElement>('Digit 1 of 6').value).toBe('');
    fireEvent.paste(first, { clipboardData: { getData: () => ' 654321 ' } });
    expect(screen.getByLabelText<HTMLInputElement>('Digit 6 of 6').value).toBe('1');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Verify' })));
    expect(onVerify).toHaveBeenCalledWith('654321');
  });

  it('needs all six boxes filled with digits', async () => {
    const onVerify = open();
    fireEvent.change(screen.getByLabelText('Digit 1 of 6'), { target: { value: 'a' } });
    fireEvent.change(screen.getByLabelText('Digit 2 of 6'), { target: { value: '7' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Verify' })));
    expect(onVerify).not.toHaveBeenCalled();
    expect(screen.getByText('Enter all six digits.')).toBeTruthy();
  });
});

describe('licence agreement', () => {
  it('substitutes the company name in both cases and covers the required sections', () => {
    const text = JSON.stringify(legalText('Acme Trust'));
    expect(text).toContain('ACME TRUST END-USER LICENCE AGREEMENT');
    expect(text).toContain('Acme Trust');
    for (const phrase of [
      'Feedback',
      'Confidentiality',
      'Disclaimers',
      '($100)',
      'New Jersey',
      'Cookies',
      '21 or older',
      'Nevada',
      'Texas',
      'Vermont',
      'California',
      'last 12 months',
      'do not sell',
    ]) {
      expect(text).toContain(phrase);
    }
    const california = JSON.stringify(legalText('Acme Trust', 'california'));
    expect(california).toContain('Notice at collection for California residents');
    expect(california).toContain('privacy-ca@trustleaf.example');
    expect(text).not.toContain('privacy-ca@trustleaf.example');
  });

  it('unlocks Agree within 100 px of the bottom', () => {
    expect(isScrolledToEnd({ scrollTop: 0, clientHeight: 400, scrollHeight: 1000 })).toBe(false);
    expect(isScrolledToEnd({ scrollTop: 499, clientHeight: 400, scrollHeight: 1000 })).toBe(false);
    expect(isScrolledToEnd({ scrollTop: 500, clientHeight: 400, scrollHeight: 1000 })).toBe(true);
  });

  it('resolves true on Agree after scrolling', () => {
    const onClose = vi.fn();
    render(<LicenceAgreementDialog open onClose={onClose} />);
    const text = screen.getByTestId('licence-text');
    Object.defineProperties(text, {
      scrollHeight: { value: 3000, configurable: true },
      clientHeight: { value: 500, configurable: true },
      scrollTop: { value: 0, writable: true, configurable: true },
    });
    const agree = screen.getByRole('button', { name: 'Agree' });
    text.scrollTop = 2450;
    fireEvent.scroll(text);
    expect((agree as HTMLButtonElement).disabled).toBe(false);
    fireEvent.click(agree);
    expect(onClose).toHaveBeenCalledWith(true);
  });
});

describe('server messages', () => {
  it('shows the sign-up server messages in the user language', async () => {
    const { translateMessage } = await import('@/lib/i18n-messages');
    const { i18n } = await import('@/lib/i18n');
    const { loadExtraLocale } = await import('@/lib/locale-bundle');
    await loadExtraLocale('fr');
    const t = i18n.getFixedT('fr');
    expect(translateMessage(t, 'An account with this email already exists')).toBe(
      'Un compte existe déjà avec cette adresse e-mail',
    );
    expect(translateMessage(t, 'Duplicate')).toBe('Doublon');
  });
});

describe('resend', () => {
  it('shows the resend-success text', async () => {
    const onResend = vi.fn(async () => undefined);
    render(
      <SnackbarProvider>
        <VerifyEmailDialog
          email="ada@example.test"
          onClose={() => undefined}
          onVerify={vi.fn()}
          onResend={onResend}
        />
      </SnackbarProvider>,
    );
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Resend code' })));
    expect(onResend).toHaveBeenCalled();
    expect(await screen.findByText('A new code has been sent to your email.')).toBeTruthy();
  });
});
