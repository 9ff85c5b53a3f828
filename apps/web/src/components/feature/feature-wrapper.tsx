import Box from '@mui/material/Box';
import type { FeatureStatus } from '@trustleaf/domain/rules/feature-gating';
import { useState, type ReactNode } from 'react';
import { MembersOnlyDialog } from '@/components/dialogs/members-only-dialog';
import { env } from '@/config/env';

/**
 * Spec 1 §4 "Feature wrapper", presentational: the caller supplies the status from the plan-gating rule
 * (`featureStatus` in packages/domain; the billing feature's FeatureWrapper computes it for the current
 * company); a super admin viewing all companies is passed as `bypass`. Non-interactable content is
 * faded and takes no clicks; in the Canadian region a click opens the members-only dialog instead.
 */
export function FeatureWrapper({
  status,
  bypass = false,
  region = env.region.region,
  children,
}: {
  status: FeatureStatus;
  bypass?: boolean;
  region?: 'US' | 'CA';
  children: ReactNode;
}) {
  const [isDialogOpen, setIsDialogOpen] = useState(false);
  const effective = bypass ? 'NORMAL' : status;
  if (effective === 'HIDDEN') return null;
  if (effective === 'NORMAL') return <>{children}</>;
  return (
    <>
      <Box
        data-feature-status="non-interactable"
        onClickCapture={(event) => {
          event.preventDefault();
          event.stopPropagation();
          if (region === 'CA') setIsDialogOpen(true);
        }}
        sx={{ opacity: 0.5, cursor: 'not-allowed', '& *': { cursor: 'not-allowed !important' } }}
        aria-disabled
      >
        <Box sx={{ pointerEvents: region === 'CA' ? 'auto' : 'none' }} inert={region !== 'CA'}>
          {children}
        </Box>
      </Box>
      {region === 'CA' ? (
        <MembersOnlyDialog open={isDialogOpen} onClose={() => setIsDialogOpen(false)} />
      ) : null}
    </>
  );
}
