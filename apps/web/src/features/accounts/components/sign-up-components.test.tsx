import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { register, signUpCode, verifySignUpCode } from '@trustleaf/domain/api/accounts';
import { SnackbarProvider } from 'notistack';
import { useForm } from 'react-hook-form';
import { describe, expect, it, vi } from 'vitest';
import {
  isScrolledToEnd,
  LicenceAgreementDialog,
} from '@/features/accounts/components/licence-agreement-dialog';
import {
  CompanyTypeFields,
  type CompanyTypeValues,
} from '@/features/accounts/components/company-type-fields';
import { PersonalFields } from '@/features/accounts/components/personal-fields';
import { SignUpFormFrame } from '@/features/accounts/components/sign-up-form-frame';
import { useSignUpSubmit } from '@/features/accounts/components/use-sign-up-submit';
import { VerifyEmailDialog } from '@/features/accounts/components/verify-email-dialog';
import { legalSections, loadLegalDocument } from '@/features/accounts/legal/legal-text';
import '@/lib/i18n';
import { applyBranding } from '@/lib/site-template';
import '@/lib/locale-bundle';
import { answer, apiError, handle, sentTo, server } from '@/testing/msw';
import { terminology } from '@/testing/site-template-fixtures';

/** Runs a test with the page in German (the sign-up strings loaded as the page loads them), then English again. */
async function inGerman(run: () => void | Promise<void>) {
  const { i18n } = await import('@/lib/i18n');
  const { loadExtraLocale } = await import('@/lib/locale-bundle');
  await loadExtraLocale('de');
  await act(async () => {
    await i18n.changeLanguage('de');
  });
  try {
    await run();
  } finally {
    await act(async () => {
      await i18n.changeLanguage('en');
    });
  }
}

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
    // The code's schema is fetched on first use.
    await waitFor(() => expect(onVerify).toHaveBeenCalledWith('654321'));
  });

  it('needs all six boxes filled with digits', async () => {
    const onVerify = open();
    fireEvent.change(screen.getByLabelText('Digit 1 of 6'), { target: { value: 'a' } });
    fireEvent.change(screen.getByLabelText('Digit 2 of 6'), { target: { value: '7' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Verify' })));
    expect(await screen.findByText('Enter all six digits.')).toBeTruthy();
    expect(onVerify).not.toHaveBeenCalled();
  });
});

describe('verification modal on a sign-up form', () => {
  it('verifies the code without sending the sign-up form again (which would email a newer code)', async () => {
    const onVerify = vi.fn(async () => undefined);
    const onSubmit = vi.fn((event: { preventDefault: () => void }) => event.preventDefault());
    const flow = {
      serverError: null,
      dialogProps: { email: 'ada@example.test', onClose: vi.fn(), onVerify, onResend: vi.fn() },
    } as unknown as ReturnType<typeof useSignUpSubmit>;
    render(
      <SnackbarProvider>
        <SignUpFormFrame label="Sign up" onSubmit={onSubmit} flow={flow} banner={null}>
          <button type="submit">Create account</button>
        </SignUpFormFrame>
      </SnackbarProvider>,
    );
    fireEvent.paste(screen.getByLabelText('Digit 1 of 6'), { clipboardData: { getData: () => '654321' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Verify' })));
    await waitFor(() => expect(onVerify).toHaveBeenCalledWith('654321'));
    expect(onSubmit).not.toHaveBeenCalled();
  });
});

describe('verification modal while the account is created', () => {
  function SignUpHarness({ onRegistered }: { onRegistered: () => Promise<void> }) {
    const flow = useSignUpSubmit(onRegistered);
    return (
      <SignUpFormFrame
        label="Sign up"
        onSubmit={(event) => {
          event.preventDefault();
          void flow.start({
            email: 'ada@example.test',
            password: 'Sunrise-Pass-2026!',
            firstName: 'Ada',
            lastName: 'Lovelace',
            phone: '',
            acceptedEula: true,
            plSegmentIds: [],
          });
        }}
        flow={flow}
        banner={null}
      >
        <button type="submit">Create account</button>
      </SignUpFormFrame>
    );
  }

  /** Renders the form, sends it and verifies the emailed code; resolves with the sign-in callback. */
  async function verifyCode() {
    const onRegistered = vi.fn(async () => undefined);
    render(
      <SnackbarProvider>
        <SignUpHarness onRegistered={onRegistered} />
      </SnackbarProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Create account' }));
    fireEvent.paste(await screen.findByLabelText('Digit 1 of 6'), {
      clipboardData: { getData: () => '654321' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    return onRegistered;
  }

  it('stays open with Verify busy, and Close and Resend off, until the account is created and signed in', async () => {
    let finishRegistration: () => void = () => undefined;
    const registered = new Promise<void>((resolve) => {
      finishRegistration = resolve;
    });
    server.use(
      answer(signUpCode, { ok: true }),
      answer(verifySignUpCode, { ok: true }),
      handle(register, async () => {
        await registered;
        return { plUserId: 1, plCompanyId: 2 };
      }),
    );
    const onRegistered = await verifyCode();
    await waitFor(() => expect(sentTo(register)).toHaveLength(1));
    const dialog = screen.getByRole('dialog', { name: 'Verify your email' });
    expect(within(dialog).getByRole('button', { name: /Verify/ })).toHaveProperty('disabled', true);
    expect(within(dialog).getByRole('button', { name: 'Close' })).toHaveProperty('disabled', true);
    expect(within(dialog).getByRole('button', { name: 'Resend code' })).toHaveProperty('disabled', true);
    finishRegistration();
    await waitFor(() => expect(onRegistered).toHaveBeenCalledWith('ada@example.test', 'Sunrise-Pass-2026!'));
  });

  it('asks for the code in the page’s language, which its email is written in', async () => {
    server.use(answer(signUpCode, { ok: true }));
    await inGerman(async () => {
      render(
        <SnackbarProvider>
          <SignUpHarness onRegistered={vi.fn(async () => undefined)} />
        </SnackbarProvider>,
      );
      fireEvent.click(screen.getByRole('button', { name: 'Create account' }));
      await waitFor(() => expect(sentTo(signUpCode)).toHaveLength(1));
    });
    expect(sentTo(signUpCode)[0]).toMatchObject({ email: 'ada@example.test', language: 'de' });
  });

  it('closes and shows the refusal on the form when the account cannot be created', async () => {
    server.use(
      answer(signUpCode, { ok: true }),
      answer(verifySignUpCode, { ok: true }),
      handle(register, () => apiError(409, 'CONFLICT', 'Duplicate')),
    );
    const onRegistered = await verifyCode();
    expect(await screen.findByTestId('sign-up-error')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Verify your email' })).toBeNull());
    expect(onRegistered).not.toHaveBeenCalled();
  });
});

describe('licence agreement', () => {
  it('covers the required sections with the company name substituted in both cases', async () => {
    const text = JSON.stringify(legalSections((await loadLegalDocument('en'))!, 'Acme Trust'));
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
    const california = JSON.stringify(
      legalSections((await loadLegalDocument('en'))!, 'Acme Trust', 'california'),
    );
    expect(california).toContain('Notice at collection for California residents');
  });

  it('unlocks Agree within 100 px of the bottom', () => {
    expect(isScrolledToEnd({ scrollTop: 0, clientHeight: 400, scrollHeight: 1000 })).toBe(false);
    expect(isScrolledToEnd({ scrollTop: 499, clientHeight: 400, scrollHeight: 1000 })).toBe(false);
    expect(isScrolledToEnd({ scrollTop: 500, clientHeight: 400, scrollHeight: 1000 })).toBe(true);
  });

  function scrollTo(element: HTMLElement, scrollTop: number) {
    Object.defineProperties(element, {
      scrollHeight: { value: 3000, configurable: true },
      clientHeight: { value: 500, configurable: true },
      scrollTop: { value: scrollTop, writable: true, configurable: true },
    });
    fireEvent.scroll(element);
  }

  it('resolves true on Agree only after scrolling to the end', async () => {
    const onClose = vi.fn();
    await act(async () => {
      render(<LicenceAgreementDialog open onClose={onClose} />);
    });
    expect(await screen.findByText('TRUSTLEAF END-USER LICENCE AGREEMENT')).toBeTruthy();
    const text = screen.getByTestId('licence-text');
    const agree = screen.getByRole<HTMLButtonElement>('button', { name: 'Agree' });
    scrollTo(text, 2399);
    expect(agree.disabled).toBe(true);
    scrollTo(text, 2400);
    expect(agree.disabled).toBe(false);
    fireEvent.click(agree);
    expect(onClose).toHaveBeenCalledWith(true);
  });

  it('gives the licence agreement the template’s product name in lower and upper case', async () => {
    act(() =>
      applyBranding({
        plSiteTemplateId: 3,
        elements: [terminology('productName', true, 'Acme Trust')],
      }),
    );
    try {
      await act(async () => {
        render(<LicenceAgreementDialog open onClose={() => undefined} />);
      });
      expect(await screen.findByText('ACME TRUST END-USER LICENCE AGREEMENT')).toBeTruthy();
      expect(screen.getAllByText(/and Acme Trust, the software vendor/).length).toBe(1);
      // The product's own name is gone (the support address keeps its domain).
      expect(screen.queryByText(/Trustleaf|TRUSTLEAF/)).toBeNull();
    } finally {
      act(() => applyBranding({ plSiteTemplateId: null, elements: [] }));
    }
  });

  it('shows the German text, loaded on demand, with the same rule', async () => {
    await inGerman(async () => {
      const onClose = vi.fn();
      await act(async () => {
        render(<LicenceAgreementDialog open onClose={onClose} companyName="Acme Trust" />);
      });
      expect(await screen.findByText('ACME TRUST ENDBENUTZER-LIZENZVERTRAG')).toBeTruthy();
      expect(screen.getByTestId('licence-sections').getAttribute('lang')).toBe('de');
      expect(screen.getByText('5. Haftungsbeschränkung')).toBeTruthy();
      expect(screen.queryByText(/END-USER LICENCE AGREEMENT/)).toBeNull();
      expect(screen.queryByText(/English/)).toBeNull();
      const agree = screen.getByRole<HTMLButtonElement>('button', { name: 'Zustimmen' });
      expect(agree.disabled).toBe(true);
      scrollTo(screen.getByTestId('licence-text'), 2450);
      fireEvent.click(agree);
      expect(onClose).toHaveBeenCalledWith(true);
    });
  });
});

describe('company type list', () => {
  function TypeFields() {
    const { control } = useForm<CompanyTypeValues>({
      defaultValues: { segmentId: 2, typeOfCompany: '', manufactureForOther: true, requiredMOQ: false },
    });
    return <CompanyTypeFields control={control} showSegment />;
  }

  it('names the types of company in the page language', async () => {
    await inGerman(() => {
      render(<TypeFields />);
      fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Art des Unternehmens' }));
      const options = screen.getAllByRole('option').map((option) => option.textContent);
      expect(options).toContain('Verarbeiter');
      expect(options).toContain('Einzelhändler');
      expect(options).not.toContain('Processor');
    });
  });
});

describe('the person’s fields', () => {
  function Fields() {
    const { control } = useForm({
      defaultValues: { firstName: '', lastName: '', phone: '', email: '', password: '' },
    });
    return <PersonalFields control={control} />;
  }

  it('tells the password rule before it is broken, in the words of the refusal that replaces it', () => {
    render(<Fields />);
    const password = screen.getByLabelText('Password');
    const described = document.getElementById(password.getAttribute('aria-describedby') ?? '');
    expect(described?.textContent).toBe(
      'Include 12 characters, upper and lowercase letters, numbers, and special symbols',
    );
  });
});

describe('server messages', () => {
  it('shows the sign-up server messages in the user language, by the key they carry', async () => {
    const { refusalText } = await import('@/lib/i18n-messages');
    const { i18n } = await import('@/lib/i18n');
    const { loadExtraLocale } = await import('@/lib/locale-bundle');
    await loadExtraLocale('fr');
    const t = i18n.getFixedT('fr');
    const message = 'An account with this email already exists';
    const refused = {
      code: 'CONFLICT',
      message,
      details: { issues: [{ field: '', message, key: 'signUp.server.emailTaken' }] },
    };
    expect(refusalText(t, refused)).toBe('Un compte existe déjà avec cette adresse e-mail');
    expect(t('signUp.duplicate')).toBe('Doublon');
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
