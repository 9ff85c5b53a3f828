import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { planListing, promoListing, updatePlan, upsertPromo } from '@trustleaf/domain/api/billing';
import { PlanSchema, PromoSchema, type Plan, type Promo } from '@trustleaf/domain/schemas/billing';
import { beforeEach, describe, expect, it } from 'vitest';
import { answer, handle, sentTo, server } from '@/testing/msw';
import { testPlan } from '@/testing/billing-fixtures';
import { renderApp } from '@/testing/test-utils';
import { validationFailure } from '@/testing/validation-failure';
import { getAdminPlansQueryOptions } from '../api/get-admin-plans';
import { getPromosQueryOptions } from '../api/get-promos';
import { AdminBillingConsole } from './admin-billing-console';

const PLAN: Plan = testPlan({
  features: [
    {
      plFeatureId: 5,
      key: 'q_vault',
      name: 'Q vault',
      featureType: 'BOOLEAN',
      available: true,
      priority: 4,
      isMenuSetting: true,
      planFeatureConfig: {
        available: true,
        include: true,
        clientThreshold: null,
        status: 'NON_INTERACTABLE',
      },
      restriction: null,
    },
  ],
});

const PROMO: Promo = PromoSchema.parse({
  plPromoId: 8,
  promoCode: 'SPRING',
  status: 'ACTIVE',
  startDate: null,
  endDate: null,
  limitUsage: true,
  maxUsage: 10,
  totalUsage: 2,
  promoPlans: [{ plPlanId: 3, paymentFrequency: 'MONTHLY', discountType: 'PERCENT', discountAmount: 20 }],
});

beforeEach(() => {
  server.use(
    answer(planListing, { items: [PLAN] }),
    answer(promoListing, { items: [PROMO], total: 1 }),
    answer(updatePlan, { plans: [PLAN] }),
    answer(upsertPromo, PROMO),
  );
});

const BASIC: Plan = PlanSchema.parse({ ...PLAN, plPlanId: 2, name: 'Basic', priority: 1, monthlyFee: 49 });

function renderConsole(plans: Plan[] = [PLAN]) {
  renderApp(<AdminBillingConsole />, {
    session: 'signed-in',
    staleTime: Infinity,
    queryData: [
      [getAdminPlansQueryOptions().queryKey, plans],
      [getPromosQueryOptions().queryKey, { items: [PROMO], total: 1 }],
    ],
  });
}

const CONTRACTS = { '/api/subscription/upsertPromo': upsertPromo, '/api/plan/updatePlan': updatePlan };
const sentBody = (url: keyof typeof CONTRACTS) =>
  (sentTo(CONTRACTS[url])[0] as Record<string, unknown> | undefined) ?? null;

function choose(container: HTMLElement, label: string, option: string) {
  fireEvent.mouseDown(within(container).getByRole('combobox', { name: label }));
  fireEvent.click(screen.getByRole('option', { name: option }));
}

describe('admin billing console', () => {
  it('edits a promo’s status and dates, refusing an end date before the start', async () => {
    renderConsole();
    fireEvent.click(screen.getByRole('button', { name: 'Edit SPRING' }));
    const form = screen.getByRole('form', { name: 'Edit promo code' });
    expect(within(form).getByLabelText('Promo code')).toHaveProperty('value', 'SPRING');
    fireEvent.change(within(form).getByLabelText('Start date'), { target: { value: '2026-12-10' } });
    fireEvent.change(within(form).getByLabelText('End date'), { target: { value: '2026-12-01' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save promo' }));
    expect(await within(form).findByText('End date must be on or after the start date')).toBeTruthy();
    expect(sentBody('/api/subscription/upsertPromo')).toBeNull();

    fireEvent.change(within(form).getByLabelText('End date'), { target: { value: '2026-12-31' } });
    choose(form, 'Status', 'Inactive');
    fireEvent.click(within(form).getByRole('button', { name: 'Save promo' }));
    await waitFor(() => expect(sentBody('/api/subscription/upsertPromo')).not.toBeNull());
    expect(sentBody('/api/subscription/upsertPromo')).toMatchObject({
      plPromoId: 8,
      promoCode: 'SPRING',
      status: 'INACTIVE',
      startDate: '2026-12-10T05:00:00.000Z',
      endDate: '2027-01-01T04:59:59.999Z',
      limitUsage: true,
      maxUsage: 10,
      promoPlans: [{ plPlanId: 3, paymentFrequency: 'MONTHLY', discountType: 'PERCENT', discountAmount: 20 }],
    });
  });

  it('edits a feature’s delayed restriction with validation', async () => {
    renderConsole();
    const fields = screen.getByTestId('restriction-Q vault');
    fireEvent.click(within(fields).getByRole('checkbox', { name: 'Delayed restriction' }));
    fireEvent.change(within(fields).getByLabelText('After'), { target: { value: '-1' } });
    fireEvent.change(within(fields).getByLabelText('Source ids'), { target: { value: '3, x' } });
    const plan = screen.getByTestId('admin-plan-Pro');
    fireEvent.click(within(plan).getByRole('button', { name: 'Save' }));
    expect(await within(fields).findByText('Enter a whole number from 0 to 1000')).toBeTruthy();
    expect(within(fields).getByText('Enter source ids as whole numbers separated by commas')).toBeTruthy();
    expect(sentBody('/api/plan/updatePlan')).toBeNull();

    fireEvent.change(within(fields).getByLabelText('After'), { target: { value: '2' } });
    fireEvent.change(within(fields).getByLabelText('Source ids'), { target: { value: '3, 4' } });
    choose(fields, 'Unit', 'Week');
    choose(fields, 'Then', 'Hidden');
    fireEvent.click(within(plan).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sentBody('/api/plan/updatePlan')).not.toBeNull());
    const body = sentBody('/api/plan/updatePlan') as { plans: Plan[] };
    expect(body.plans[0]!.features[0]!.restriction).toEqual({
      sourceIds: [3, 4],
      delayDuration: 2,
      delayUnit: 'WEEK',
      state: 'HIDDEN',
    });
  });

  it('shows one plan at a time and keeps a plan’s unsaved edits while another is shown', () => {
    renderConsole([BASIC, PLAN]);
    const monthlyFee = () =>
      screen.getByRole('tabpanel').querySelector<HTMLInputElement>('input[type="number"]')!;
    expect(screen.getAllByRole('tabpanel')).toHaveLength(1);
    expect(screen.getByRole('tab', { name: 'Basic (US)', selected: true })).toBeTruthy();
    expect(monthlyFee().value).toBe('49');
    fireEvent.change(monthlyFee(), { target: { value: '59' } });

    fireEvent.click(screen.getByRole('tab', { name: 'Pro (US)' }));
    expect(screen.getByRole('tabpanel')).toBe(screen.getByTestId('admin-plan-Pro'));
    expect(monthlyFee().value).toBe('149');

    fireEvent.click(screen.getByRole('tab', { name: 'Basic (US)' }));
    expect(monthlyFee().value).toBe('59');
    expect(sentBody('/api/plan/updatePlan')).toBeNull();
  });

  it('refuses a percent discount over 100 with the API’s own rule, before any call', async () => {
    renderConsole();
    const form = screen.getByRole('form', { name: 'Create promo' });
    fireEvent.change(within(form).getByLabelText('Promo code'), { target: { value: 'HALF' } });
    fireEvent.change(within(form).getByLabelText('Discount'), { target: { value: '150' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Create promo' }));
    expect(await within(form).findByText('A percent discount is at most 100')).toBeTruthy();
    expect(within(form).getByLabelText('Discount').getAttribute('aria-invalid')).toBe('true');
    expect(sentBody('/api/subscription/upsertPromo')).toBeNull();
  });

  it('puts the server’s refusal of a promo on its field, in words found by the issue’s key', async () => {
    server.use(
      handle(upsertPromo, () =>
        validationFailure({
          field: 'promoPlans',
          message: 'promoPlans: refused by the server',
          key: 'billing.admin.messages.percentMax',
        }),
      ),
    );
    renderConsole();
    fireEvent.click(screen.getByRole('button', { name: 'Edit SPRING' }));
    const form = screen.getByRole('form', { name: 'Edit promo code' });
    fireEvent.click(within(form).getByRole('button', { name: 'Save promo' }));
    expect(await within(form).findByText('A percent discount is at most 100')).toBeTruthy();
    expect(within(form).getByLabelText('Discount').getAttribute('aria-invalid')).toBe('true');
    expect(within(form).queryByText('promoPlans: refused by the server')).toBeNull();
    expect(sentTo(upsertPromo)).toHaveLength(1);
  });

  it('puts the server’s refusal of a plan’s fee on that fee’s field', async () => {
    server.use(
      handle(updatePlan, () =>
        validationFailure({
          field: 'plans.0.annualFee',
          message: 'plans.0.annualFee: refused by the server',
          key: 'billing.admin.messages.amount',
        }),
      ),
    );
    renderConsole();
    const plan = screen.getByTestId('admin-plan-Pro');
    fireEvent.click(within(plan).getByRole('button', { name: 'Save' }));
    expect(await within(plan).findByText('Enter an amount from 0 to 1,000,000')).toBeTruthy();
    expect(within(plan).getByLabelText('Annual fee ($)').getAttribute('aria-invalid')).toBe('true');
    expect(within(plan).getByLabelText('Monthly fee ($)').getAttribute('aria-invalid')).toBe('false');
    expect(sentTo(updatePlan)).toHaveLength(1);
  });

  it('sends the plan as edited: prices, a trial with its unit, and a feature left out', async () => {
    renderConsole();
    const plan = screen.getByTestId('admin-plan-Pro');
    fireEvent.change(within(plan).getByLabelText('Monthly fee ($)'), { target: { value: '159' } });
    fireEvent.change(within(plan).getByLabelText('Trial duration'), { target: { value: '14' } });
    fireEvent.click(within(plan).getByRole('checkbox', { name: 'Q-Vault' }));
    fireEvent.click(within(plan).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sentBody('/api/plan/updatePlan')).not.toBeNull());
    const body = sentBody('/api/plan/updatePlan') as { plCompanyId: number; plans: Plan[] };
    expect(body.plCompanyId).toBe(0);
    expect(body.plans[0]).toMatchObject({
      plPlanId: 3,
      name: 'Pro',
      monthlyFee: 159,
      annualFee: 1490,
      promoMonthlyFee: null,
      trialDuration: 14,
      trialUnit: 'DAY',
      features: [
        {
          plFeatureId: 5,
          planFeatureConfig: { include: false, available: false, clientThreshold: null },
          restriction: null,
        },
      ],
    });
  });
});
