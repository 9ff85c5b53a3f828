import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// A fresh copy of the module per test: whether the alert's code is already in is module state.
const freshModule = () => import('@/components/feedback/lazy-alert');

beforeEach(() => vi.resetModules());
afterEach(cleanup);

describe('LazyAlert', () => {
  it('shows nothing until its code is in, then the alert', async () => {
    const { LazyAlert } = await freshModule();
    render(<LazyAlert severity="error">Email or password incorrect</LazyAlert>);
    expect(screen.queryByRole('alert')).toBeNull();
    expect((await screen.findByRole('alert')).textContent).toBe('Email or password incorrect');
  });

  it('once preloaded, appears in the same render that asks for it (no Suspense hold-back)', async () => {
    const { LazyAlert, preloadAlert } = await freshModule();
    await preloadAlert();
    render(<LazyAlert severity="error">Email or password incorrect</LazyAlert>);
    expect(screen.getByRole('alert').textContent).toBe('Email or password incorrect');
  });
});
