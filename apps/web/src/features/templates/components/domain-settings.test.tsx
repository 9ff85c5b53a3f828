import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { SiteTemplate } from '@trustleaf/domain/schemas/site-template';
import { SnackbarProvider } from 'notistack';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { AddTemplateForm } from './add-template-form';
import { DomainSettings } from './domain-settings';
import type { Mutations } from './editor-state';
import '@/lib/i18n';

const template: SiteTemplate = {
  plSiteTemplateId: 9,
  name: 'Acme',
  status: 'UNIVERSAL',
  parentSiteTemplateId: null,
  plCompanyId: 4,
  domain: 'trust.acme.test',
  createdAt: '2026-11-25T00:00:00.000Z',
  updatedAt: '2026-11-25T00:00:00.000Z',
};

describe('domain settings of a site template', () => {
  it('shows the bindings and saves a new host name, or none, with the partner company', async () => {
    const mutate = vi.fn();
    const mutations = { update: { mutate, isPending: false } } as unknown as Mutations;
    render(
      <SnackbarProvider>
        <DomainSettings template={template} mutations={mutations} />
      </SnackbarProvider>,
    );
    expect(screen.getByRole('heading', { name: 'Domain settings' })).toBeTruthy();
    const host = screen.getByLabelText('Host name');
    expect((host as HTMLInputElement).value).toBe('trust.acme.test');
    fireEvent.change(host, { target: { value: ' brand.acme.test ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save domain settings' }));
    await waitFor(() => expect(mutate).toHaveBeenCalledTimes(1));
    expect(mutate.mock.calls[0]![0]).toEqual({
      plSiteTemplateId: 9,
      domain: 'brand.acme.test',
      plCompanyId: 4,
    });
    fireEvent.change(host, { target: { value: '' } });
    fireEvent.change(screen.getByLabelText('Partner company ID'), { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save domain settings' }));
    await waitFor(() => expect(mutate).toHaveBeenCalledTimes(2));
    expect(mutate.mock.calls[1]![0]).toEqual({ plSiteTemplateId: 9, domain: null, plCompanyId: null });
  });

  it('blocks a host name the shared schema refuses, and shows a refused partner company on its field', async () => {
    const refusal = new ApiError(400, 'VALIDATION_FAILED', 'plCompanyId: Company not found', {
      issues: [{ field: 'plCompanyId', message: 'Company not found', key: 'validation.custom' }],
    });
    const mutate = vi.fn((_input: unknown, options: { onError: (error: unknown) => void }) =>
      options.onError(refusal),
    );
    const mutations = { update: { mutate, isPending: false } } as unknown as Mutations;
    render(
      <SnackbarProvider>
        <DomainSettings template={template} mutations={mutations} />
      </SnackbarProvider>,
    );
    fireEvent.change(screen.getByLabelText('Host name'), { target: { value: 'not a host' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save domain settings' }));
    expect(await screen.findByText('Please enter a host name such as partner.example.com')).toBeTruthy();
    expect(mutate).not.toHaveBeenCalled();
    fireEvent.change(screen.getByLabelText('Host name'), { target: { value: 'brand.acme.test' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save domain settings' }));
    expect(await screen.findByText('Company not found')).toBeTruthy();
    expect(screen.getByLabelText('Partner company ID').getAttribute('aria-invalid')).toBe('true');
  });
});

describe('the add template form', () => {
  it('needs a name first, then shows the server refusal of the host name on its field', async () => {
    const refusal = new ApiError(400, 'VALIDATION_FAILED', 'domain: Maximum 253 characters', {
      issues: [{ field: 'domain', message: 'Maximum 253 characters', key: 'validation.too_big' }],
    });
    const mutate = vi.fn((_input: unknown, options: { onError: (error: unknown) => void }) =>
      options.onError(refusal),
    );
    const mutations = { add: { mutate, isPending: false } } as unknown as Mutations;
    render(
      <SnackbarProvider>
        <AddTemplateForm mutations={mutations} onAdded={vi.fn()} />
      </SnackbarProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Add template' }));
    expect(await screen.findByText('This field is required')).toBeTruthy();
    expect(mutate).not.toHaveBeenCalled();
    fireEvent.change(screen.getByLabelText('Template name'), { target: { value: 'Partner' } });
    fireEvent.change(screen.getByLabelText('Host name'), { target: { value: 'Brand.Acme.test' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add template' }));
    expect(await screen.findByText('Maximum 253 characters')).toBeTruthy();
    expect(mutate.mock.calls[0]![0]).toEqual({
      name: 'Partner',
      domain: 'brand.acme.test',
      plCompanyId: null,
    });
  });
});
