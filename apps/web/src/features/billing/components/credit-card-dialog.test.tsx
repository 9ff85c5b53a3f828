import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '@/testing/test-utils';
import { CreditCardDialog } from './credit-card-dialog';

function openDialog() {
  renderApp(<CreditCardDialog open companyId={42} onClose={() => undefined} onSaved={() => undefined} />, {
    session: 'signed-in',
  });
}

function type(label: string, value: string): HTMLInputElement {
  const input = screen.getByLabelText<HTMLInputElement>(label);
  fireEvent.focus(input);
  fireEvent.input(input, { target: { value } });
  return input;
}

describe('credit card dialog', () => {
  it('masks the card number in groups of four, the expiry as MM/YY and the CVV, with a digit keyboard', () => {
    openDialog();
    expect(type('Card number', '4111111111111111').value).toBe('4111 1111 1111 1111');
    expect(type('Expiry (MM/YY)', '1230').value).toBe('12/30');
    const cvv = type('CVV', '12345');
    expect(cvv.value).toBe('123');
    for (const label of ['Card number', 'Expiry (MM/YY)', 'CVV'])
      expect(screen.getByLabelText(label).getAttribute('inputmode')).toBe('numeric');
  });

  it('takes 15 digits and a 4-digit CVV for a card starting with 3', () => {
    openDialog();
    expect(type('Card number', '3782822463100059').value).toBe('3782 8224 6310 005');
    expect(type('CVV', '12345').value).toBe('1234');
  });
});

describe('credit card dialog, billing address', () => {
  it('labels the state field for the one state it holds', () => {
    openDialog();
    expect(screen.getByLabelText('State').getAttribute('autocomplete')).toBe('address-level1');
    expect(screen.queryByLabelText('States')).toBeNull();
  });
});
