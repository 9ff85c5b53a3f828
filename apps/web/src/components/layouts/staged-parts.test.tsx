import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AllPartsAtOnce, StagedParts } from '@/components/layouts/staged-parts';

describe('a screen mounted in parts', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const parts = ['Form', 'History', 'Product scans', 'Websites'].map((name) => <h2 key={name}>{name}</h2>);
  const shown = () => screen.queryAllByRole('heading').map((heading) => heading.textContent);

  it('shows the first part at once and each next one a task after the one before, in order', async () => {
    render(<StagedParts>{parts}</StagedParts>);
    expect(shown()).toEqual(['Form']);
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(shown()).toEqual(['Form', 'History']);
    await act(() => vi.advanceTimersByTimeAsync(0));
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(shown()).toEqual(['Form', 'History', 'Product scans', 'Websites']);
    await act(() => vi.advanceTimersByTimeAsync(100));
    expect(shown()).toHaveLength(4);
  });

  it('keeps a part mounted, with its state, when the parts render again', async () => {
    const { rerender } = render(<StagedParts>{parts}</StagedParts>);
    await act(() => vi.advanceTimersByTimeAsync(0));
    const history = screen.getByRole('heading', { name: 'History' });
    rerender(<StagedParts>{[...parts]}</StagedParts>);
    expect(screen.getByRole('heading', { name: 'History' })).toBe(history);
  });

  it('shows every part at once where it is asked to (the build renders a page for its styles)', () => {
    render(
      <AllPartsAtOnce value={true}>
        <StagedParts>{parts}</StagedParts>
      </AllPartsAtOnce>,
    );
    expect(shown()).toEqual(['Form', 'History', 'Product scans', 'Websites']);
  });

  it('shows a placeholder in the first commit when given one, and the first part a task later', async () => {
    render(<StagedParts placeholder={<p>Still to come</p>}>{parts}</StagedParts>);
    expect(shown()).toEqual([]);
    expect(screen.queryByText('Still to come')).not.toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(shown()).toEqual(['Form']);
    expect(screen.queryByText('Still to come')).toBeNull();
    for (let step = 0; step < 3; step++) await act(() => vi.advanceTimersByTimeAsync(0));
    expect(shown()).toEqual(['Form', 'History', 'Product scans', 'Websites']);
  });
});
