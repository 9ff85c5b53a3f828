import Box from '@mui/material/Box';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { visuallyHidden } from '@/components/visually-hidden';

describe('visuallyHidden', () => {
  it('is one pixel wide through sx too, not as wide as its container', () => {
    render(
      <Box sx={{ width: 800 }}>
        <Box component="span" sx={visuallyHidden}>
          read by screen readers
        </Box>
      </Box>,
    );
    const style = getComputedStyle(screen.getByText('read by screen readers'));
    expect(style.width).toBe('1px');
    expect(style.height).toBe('1px');
    expect(style.margin).toBe('-1px');
  });
});
