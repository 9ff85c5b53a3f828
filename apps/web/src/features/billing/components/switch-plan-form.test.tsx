import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { i18n, loadMessages } from '@/lib/i18n';
import { testPlan } from '@/testing/billing-fixtures';
import { renderApp } from '@/testing/test-utils';
import { SwitchPlanForm } from './switch-plan-form';

const plan = (plPlanId: number, name: string) => testPlan({ plPlanId, name, priority: plPlanId });
const BASIC = plan(2, 'Basic');
const PRO = plan(3, 'Pro');

function renderForm() {
  const onPreview = vi.fn();
  renderApp(
    <SwitchPlanForm
      current={{ plPlanId: 2, paymentFrequency: 'MONTHLY' }}
      plans={[BASIC, PRO]}
      onPreview={onPreview}
    />,
  );
  return onPreview;
}

describe('subscription switch form', () => {
  it('refuses the live plan and frequency on the plan field, by its key in the reader’s language', async () => {
    await loadMessages('app', 'fr');
    await act(async () => {
      await i18n.changeLanguage('fr');
    });
    try {
      const onPreview = renderForm();
      fireEvent.click(screen.getByTestId('switch-submit'));
      expect(await screen.findByText('Veuillez sélectionner une formule à laquelle passer')).toBeTruthy();
      expect(onPreview).not.toHaveBeenCalled();
    } finally {
      await act(async () => {
        await i18n.changeLanguage('en');
      });
    }
  });

  it('previews another plan or another frequency', async () => {
    const onPreview = renderForm();
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Plan' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Pro' }));
    fireEvent.click(screen.getByTestId('switch-submit'));
    await waitFor(() => expect(onPreview).toHaveBeenCalledWith(PRO, 'MONTHLY'));

    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Plan' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Basic' }));
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Frequency' }));
    fireEvent.click(await screen.findByRole('option', { name: /year|annual/i }));
    fireEvent.click(screen.getByTestId('switch-submit'));
    await waitFor(() => expect(onPreview).toHaveBeenLastCalledWith(BASIC, 'ANNUAL'));
  });
});
