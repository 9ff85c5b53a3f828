import { fireEvent, render, screen } from '@testing-library/react';
import type { SiteTemplate } from '@trustleaf/domain/schemas/site-template';
import { SnackbarProvider } from 'notistack';
import { describe, expect, it, vi } from 'vitest';
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
  it('shows the bindings and saves a new host name, or none, with the partner company', () => {
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
    expect(mutate.mock.calls[0]![0]).toEqual({
      plSiteTemplateId: 9,
      domain: 'brand.acme.test',
      plCompanyId: 4,
    });
    fireEvent.change(host, { target: { value: '' } });
    fireEvent.change(screen.getByLabelText('Partner company ID'), { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save domain settings' }));
    expect(mutate.mock.calls[1]![0]).toEqual({ plSiteTemplateId: 9, domain: null, plCompanyId: null });
  });
});
