import Tooltip, { type TooltipProps } from '@mui/material/Tooltip';
import { useEffect, useState } from 'react';

/**
 * MUI's Tooltip, put around its child in the render after the one that mounts it. MUI's Tooltip sets
 * state from its ref as it mounts, and an update inside a commit makes React run every effect of that
 * commit in the same task: in the commit that renders a signed-in page over its written-out frame,
 * that was every effect of the page. The child shows at once; its tooltip a moment later.
 */
export function LaterTooltip({ children, ...props }: TooltipProps) {
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  return mounted ? <Tooltip {...props}>{children}</Tooltip> : children;
}
