import Box from '@mui/material/Box';
import { useState, type ReactNode } from 'react';
import { MembersOnlyDialog } from '@/components/dialogs/members-only-dialog';
import { env } from '@/config/env';

export type FeatureStatus = 'normal' | 'non-interactable' | 'hidden';

/**
 * Spec 1 §4 "Feature wrapper". The caller supplies the status from the plan-gating rule (issue 4); a super
 * admin viewing all companies is passed as `bypass`. Non-interactable content is faded and takes no
 * clicks; in the Canadian region a click opens the members-only dialog instead.
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
  const effective = bypass ? 'normal' : status;
  if (effective === 'hidden') return null;
  if (effective === 'normal') return <>{children}</>;
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
