import { act, fireEvent, screen } from '@testing-library/react';
import { previewSubscription, startSubscription } from '@trustleaf/domain/api/billing';
import { BILLING_REFUSALS } from '@trustleaf/domain/rules/billing-refusals';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n, loadMessages } from '@/lib/i18n';
import { testPlan } from '@/testing/billing-fixtures';
import { handle, sentTo, server } from '@/testing/msw';
import { renderApp } from '@/testing/test-utils';
import { jsonResponse } from '@/testing/validation-failure';
import { ConfirmPurchaseDialog } from './confirm-purchase-dialog';

const WAIT = { timeout: 10_000 };
const PLAN = testPlan();

const answerPreview = () =>
  handle(previewSubscription, () => ({
    kind: 'START' as const,
    plPlanId: PLAN.plPlanId,
    planName: PLAN.name,
    paymentFrequency: 'MONTHLY' as const,
    price: 149,
    discount: 0,
    promoCode: null,
    credit: 0,
    amountNow: 149,
    trialEndsAt: null,
    nextRenewalDate: '2027-01-07',
    nextRenewalAmount: 149,
    quotedAt: new Date().toISOString(),
  }));

function renderDialog() {
  const onDone = vi.fn();
  const onFailed = vi.fn();
  renderApp(
    <ConfirmPurchaseDialog
      open
      companyId={7}
      choice={{ plan: PLAN, frequency: 'MONTHLY', promoCode: null }}
      isSwitch={false}
      card={null}
      onClose={() => {}}
      onDone={onDone}
      onFailed={onFailed}
    />,
    { session: 'signed-in' },
  );
  return { onDone, onFailed };
}

async function startButton() {
  const button = await screen.findByTestId('start-subscription', {}, WAIT);
  await vi.waitFor(() => expect((button as HTMLButtonElement).disabled).toBe(false), WAIT);
  return button;
}

afterEach(async () => {
  await act(async () => {
    await i18n.changeLanguage('en');
  });
});

describe('ConfirmPurchaseDialog', { timeout: 20_000 }, () => {
  it('starts the subscription once when Start is double-clicked', async () => {
    server.use(
      answerPreview(),
      handle(startSubscription, async () => {
        await new Promise((resolve) => setTimeout(resolve, 50));
        return new Response(null, { status: 500 });
      }),
    );
    const { onFailed } = renderDialog();
    const button = await startButton();
    fireEvent.click(button);
    fireEvent.click(button);
    await vi.waitFor(() => expect(onFailed).toHaveBeenCalled(), WAIT);
    expect(sentTo(startSubscription)).toHaveLength(1);
    expect(onFailed).toHaveBeenCalledTimes(1);
  });

  it("says a refused start in the reader's language", async () => {
    await loadMessages('app', 'fr');
    await act(async () => {
      await i18n.changeLanguage('fr');
    });
    const { key, message } = BILLING_REFUSALS.paymentInProgress;
    server.use(
      answerPreview(),
      handle(startSubscription, () =>
        jsonResponse(
          { messages: [message], code: 'CONFLICT', details: { issues: [{ field: '', message, key }] } },
          409,
        ),
      ),
    );
    const { onFailed } = renderDialog();
    fireEvent.click(await startButton());
    await vi.waitFor(() => expect(onFailed).toHaveBeenCalled(), WAIT);
    expect(onFailed).toHaveBeenCalledWith(
      'Un paiement pour cette entreprise est déjà en cours. Veuillez réessayer dans un instant.',
    );
  });
});
