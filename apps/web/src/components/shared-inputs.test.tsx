import { zodResolver } from '@hookform/resolvers/zod';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { PHONE_INVALID_MESSAGE, isValidPhone } from '@trustleaf/domain/rules/phone';
import { SnackbarProvider } from 'notistack';
import { Suspense, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ConfirmDialog } from '@/components/dialogs/confirm-dialog';
import { MembersOnlyDialog } from '@/components/dialogs/members-only-dialog';
import { FeatureWrapper } from '@/components/feature/feature-wrapper';
import { DocumentIndicator } from '@/components/feedback/document-indicator';
import {
  CURRENCY_MASK_OPTIONS,
  MaskedTextField,
  type MaskOptions,
} from '@/components/form/masked-text-field';
import { INPUT_MASKS } from '@trustleaf/domain/rules/input-masks';
import { PhoneField } from '@/components/form/phone-field';
import { UploadField } from '@/components/upload/upload-field';
import '@/lib/i18n';
import '@/lib/locale-bundle';

const wrap = (node: ReactNode) =>
  render(
    <SnackbarProvider>
      <Suspense fallback={null}>{node}</Suspense>
    </SnackbarProvider>,
  );

function PhoneForm() {
  const { control } = useForm({
    defaultValues: { phone: '' },
    mode: 'onTouched',
    resolver: zodResolver(z.object({ phone: z.string().refine(isValidPhone, PHONE_INVALID_MESSAGE) })),
  });
  return <PhoneField control={control} name="phone" label="Phone" />;
}

function SaleNumberForm({
  mask = '000000',
  code = '',
  onValue,
}: {
  mask?: MaskOptions | string;
  code?: string;
  onValue?: (code: string) => void;
}) {
  const { control, watch } = useForm({ defaultValues: { code } });
  onValue?.(watch('code'));
  return <MaskedTextField control={control} name="code" label="Code" mask={mask} />;
}

describe('masked inputs', () => {
  it('formats a phone as (NXX) XXX-XXXX and shows "Phone number is invalid"', async () => {
    wrap(<PhoneForm />);
    const input = await screen.findByLabelText<HTMLInputElement>('Phone');
    fireEvent.input(input, { target: { value: '1234567890' } });
    expect(input.value).toBe('(123) 456-7890');
    fireEvent.blur(input);
    expect(await screen.findByText('Phone number is invalid')).toBeTruthy();
  });

  it('keeps only digits in a 6-digit code', async () => {
    wrap(<SaleNumberForm />);
    const input = await screen.findByLabelText<HTMLInputElement>('Code');
    fireEvent.input(input, { target: { value: '12ab345678' } });
    expect(input.value).toBe('123456');
  });

  it('masks a value the form already holds at once, and an empty field once it is focused', async () => {
    const { unmount } = wrap(<SaleNumberForm mask={INPUT_MASKS.phone} code="1234567890" />);
    expect((await screen.findByLabelText<HTMLInputElement>('Code')).value).toBe('(123) 456-7890');
    unmount();
    let formValue = '';
    wrap(<SaleNumberForm mask={INPUT_MASKS.taxId} onValue={(code) => (formValue = code)} />);
    const input = await screen.findByLabelText<HTMLInputElement>('Code');
    fireEvent.focus(input);
    fireEvent.input(input, { target: { value: '123456789' } });
    expect(input.value).toBe('12-3456789');
    expect(formValue).toBe('12-3456789');
  });

  it.each([
    [INPUT_MASKS.taxId, '123456789', '12-3456789'],
    [INPUT_MASKS.canadianPostalCode, 'm5v2t6', 'm5v 2t6'],
    [INPUT_MASKS.cardExpiry, '1229', '12/29'],
    [INPUT_MASKS.cvvAlternate, '123456', '1234'],
    [CURRENCY_MASK_OPTIONS, '1234567.891', '1,234,567.89'],
    [CURRENCY_MASK_OPTIONS, '-5', '5'],
  ] as const)('mask %j turns %s into %s', async (mask, typed, shown) => {
    wrap(<SaleNumberForm mask={mask} />);
    const input = await screen.findByLabelText<HTMLInputElement>('Code');
    fireEvent.input(input, { target: { value: typed } });
    expect(input.value).toBe(shown);
  });
});

describe('upload field', () => {
  const pick = (file: File, mode: string) =>
    fireEvent.change(screen.getByTestId(`upload-input-${mode}`), { target: { files: [file] } });

  it.each([
    ['csv', new File(['x'], 'a.txt', { type: 'text/plain' }), 'Please upload file csv only.'],
    ['pdf', new File(['x'], 'a.png', { type: 'image/png' }), 'Please upload file pdf only.'],
    ['image', new File(['x'], 'a.pdf', { type: 'application/pdf' }), 'Please upload file image only.'],
    ['any', new File(['x'], 'a.exe', { type: '' }), 'File Type Is Not Supported'],
  ] as const)('%s mode refuses the wrong type with its message', async (mode, file, message) => {
    const upload = vi.fn();
    wrap(<UploadField mode={mode} label="Upload" onUploaded={() => undefined} upload={upload} />);
    await screen.findByText('Upload');
    pick(file, mode);
    expect((await screen.findByTestId('upload-error')).textContent).toBe(message);
    expect(upload).not.toHaveBeenCalled();
  });

  it('uploads a PDF directly with a spinner while it runs', async () => {
    let finish: (value: { key: string; name: string; size: number; extension: string }) => void = () => {};
    const upload = vi.fn(
      () => new Promise<{ key: string; name: string; size: number; extension: string }>((r) => (finish = r)),
    );
    const onUploaded = vi.fn();
    wrap(<UploadField mode="pdf" label="Upload" onUploaded={onUploaded} upload={upload} />);
    await screen.findByText('Upload');
    pick(new File(['%PDF'], 'doc.pdf', { type: 'application/pdf' }), 'pdf');
    expect(await screen.findByText('Uploading…')).toBeTruthy();
    await act(async () => finish({ key: 'k1', name: 'doc.pdf', size: 4, extension: 'pdf' }));
    expect(onUploaded).toHaveBeenCalledWith(expect.objectContaining({ key: 'k1' }));
    expect(screen.queryByText('Uploading…')).toBeNull();
  });

  it('opens the Crop Image dialog for an image instead of uploading it', async () => {
    const upload = vi.fn();
    URL.createObjectURL = vi.fn(() => 'blob:x');
    URL.revokeObjectURL = vi.fn();
    wrap(<UploadField mode="image" label="Upload" onUploaded={() => undefined} upload={upload} />);
    await screen.findByText('Upload');
    pick(new File(['x'], 'logo.png', { type: 'image/png' }), 'image');
    expect(await screen.findByRole('dialog', { name: 'Crop Image' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Crop' })).toBeTruthy();
    expect(screen.getByTestId('crop-viewer').style.height || '400px').toBe('400px');
    expect(upload).not.toHaveBeenCalled();
  });

  it('warns that an over-size image will be compressed', async () => {
    vi.doMock('browser-image-compression', () => ({ default: async (file: File) => file }));
    URL.createObjectURL = vi.fn(() => 'blob:x');
    URL.revokeObjectURL = vi.fn();
    wrap(
      <UploadField
        mode="image"
        label="Upload"
        sizeLimitMb={0.000001}
        onUploaded={() => undefined}
        upload={vi.fn()}
      />,
    );
    await screen.findByText('Upload');
    pick(new File(['0123456789'], 'big.png', { type: 'image/png' }), 'image');
    expect(await screen.findByText(/will be compressed/)).toBeTruthy();
  });
});

describe('dialogs', () => {
  it('confirm dialog resolves true or false', async () => {
    const onClose = vi.fn();
    wrap(<ConfirmDialog open title="Leave?" message="Sure?" onClose={onClose} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel' }));
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(onClose.mock.calls).toEqual([[false], [true]]);
  });

  it('members-only dialog copies the contact email, then blocks copying for 2 seconds', async () => {
    const writeText = vi.fn(async () => undefined);
    Object.assign(navigator, { clipboard: { writeText } });
    let now = 1_000;
    wrap(<MembersOnlyDialog open onClose={() => undefined} now={() => now} />);
    const copy = await screen.findByRole('button', { name: 'Copy contact email' });
    expect(screen.getByText(/exclusively for association members/)).toBeTruthy();
    await act(async () => fireEvent.click(copy));
    expect(await screen.findByText('Contact Email successfully copied to your clipboard.')).toBeTruthy();
    now += 1_500;
    await act(async () => fireEvent.click(copy));
    expect(writeText).toHaveBeenCalledTimes(1);
    now += 600;
    await act(async () => fireEvent.click(copy));
    expect(writeText).toHaveBeenCalledTimes(2);
    expect(screen.getByRole('button', { name: 'Okay' })).toBeTruthy();
  });
});

describe('document indicator', () => {
  const now = new Date('2026-06-01T00:00:00Z');
  it.each([
    [null, 'grey', 'Not uploaded'],
    [
      { documentType: { expirationCheck: true }, expirationDate: '2026-06-03T00:00:00Z' },
      'amber',
      'Expiring soon!',
    ],
    [{ documentType: { expirationCheck: true }, expirationDate: '2026-05-01T00:00:00Z' }, 'red', 'Expired'],
    [{ reviewStatus: 'REJECTED' }, 'red', 'Rejected'],
    [{ documentType: { expirationCheck: false } }, 'green', 'Valid'],
  ])('%j → %s %s', async (document, color, label) => {
    const { container } = wrap(<DocumentIndicator document={document} now={now} />);
    expect(await screen.findByText(label)).toBeTruthy();
    expect(container.querySelector(`[data-indicator="${color}"]`)).toBeTruthy();
  });
});

describe('feature wrapper', () => {
  it('renders normal, hides hidden, and bypasses for the super admin', () => {
    const { rerender } = wrap(<FeatureWrapper status="HIDDEN">secret</FeatureWrapper>);
    expect(screen.queryByText('secret')).toBeNull();
    rerender(
      <SnackbarProvider>
        <FeatureWrapper status="HIDDEN" bypass>
          secret
        </FeatureWrapper>
      </SnackbarProvider>,
    );
    expect(screen.getByText('secret')).toBeTruthy();
  });

  it('blocks clicks when non-interactable, and in Canada opens the members-only dialog', async () => {
    const onClick = vi.fn();
    wrap(
      <FeatureWrapper status="NON_INTERACTABLE" region="CA">
        <button onClick={onClick}>Scan</button>
      </FeatureWrapper>,
    );
    fireEvent.click(screen.getByText('Scan'));
    expect(onClick).not.toHaveBeenCalled();
    await waitFor(() => expect(screen.getByRole('dialog', { name: 'Members only' })).toBeTruthy());
  });
});
