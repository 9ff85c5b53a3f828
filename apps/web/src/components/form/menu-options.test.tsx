import TextField from '@mui/material/TextField';
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { menuOptions } from '@/components/form/menu-options';

describe('menuOptions', () => {
  it('offers each value under its label and selects the value, not the label', () => {
    const chosen: string[] = [];
    render(
      <TextField select label="Unit" value="DAY" onChange={(event) => chosen.push(event.target.value)}>
        {menuOptions(['DAY', 'MONTH'] as const, (value) => (value === 'DAY' ? 'Days' : 'Months'))}
      </TextField>,
    );
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Unit' }));
    const options = screen.getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual(['Days', 'Months']);
    fireEvent.click(options[1]!);
    expect(chosen).toEqual(['MONTH']);
  });
});
