import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LaterTooltip } from '@/components/feedback/later-tooltip';

const TITLE = 'Upgrade your subscription to use this';

describe('a tooltip given after mount', () => {
  it('shows its element at once and its tooltip on hover, as MUI’s Tooltip does', async () => {
    render(
      <LaterTooltip title={TITLE}>
        <button type="button">Locked</button>
      </LaterTooltip>,
    );
    const button = screen.getByText('Locked');
    // Once mounted, the tooltip names its element, as MUI's does.
    expect(screen.getByRole('button', { name: TITLE })).toBe(button);
    fireEvent.mouseOver(button);
    expect(await screen.findByRole('tooltip', { name: TITLE })).toBeTruthy();
  });
});
