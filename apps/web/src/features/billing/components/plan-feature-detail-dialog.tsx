import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import type { Plan } from '@trustleaf/domain/schemas/billing';
import DOMPurify from 'dompurify';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { describedFeature, featureLabel, seededDetailFeature } from '@/lib/seeded-text';

/** Descriptions are admin-written HTML: sanitised again on display whatever the server did. */
export function sanitizeHtml(html: string): string {
  return DOMPurify.sanitize(html, { USE_PROFILES: { html: true }, FORBID_TAGS: ['style', 'form', 'img'] });
}

/** Spec 2 'Plan feature detail': the plan name as title, descriptions paged with arrows, Okay. */
export function PlanFeatureDetailDialog({ plan, onClose }: { plan: Plan | null; onClose: () => void }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(0);
  const items = plan?.detailDescription.detailDescriptions ?? [];
  const item = items[Math.min(page, Math.max(0, items.length - 1))];
  // A description as the seed wrote it reads in the reader's language; one a super admin wrote, as
  // written, under its feature's name in the reader's language.
  const seeded = plan && item ? seededDetailFeature(plan.name, item) : null;
  const feature = item ? describedFeature(item.shortDescription) : null;
  return (
    <Dialog
      open={plan !== null}
      onClose={onClose}
      maxWidth="sm"
      fullWidth
      aria-labelledby="plan-detail-title"
    >
      <DialogTitle id="plan-detail-title">{plan?.name}</DialogTitle>
      <DialogContent>
        {item ? (
          <>
            <Typography variant="h3" component="h3" sx={{ mb: 1 }}>
              {feature ? featureLabel(t, feature) : item.shortDescription}
            </Typography>
            {seeded ? (
              // Every language of the app puts the feature first: '<strong>Sceau vérifié</strong> fait partie…'.
              <Typography>
                <strong>{featureLabel(t, seeded)}</strong>{' '}
                {t('billing.plan.includedIn', { plan: plan?.name })}
              </Typography>
            ) : (
              <Box dangerouslySetInnerHTML={{ __html: sanitizeHtml(item.detailDescription) }} />
            )}
          </>
        ) : (
          <Typography>{t('billing.plan.noDetails')}</Typography>
        )}
        <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'center', gap: 1, mt: 2 }}>
          <IconButton
            aria-label={t('billing.plan.previous')}
            disabled={page <= 0}
            onClick={() => setPage(page - 1)}
          >
            <ChevronLeftIcon />
          </IconButton>
          <Typography variant="body2">
            {items.length ? page + 1 : 0} / {items.length}
          </Typography>
          <IconButton
            aria-label={t('billing.plan.next')}
            disabled={page >= items.length - 1}
            onClick={() => setPage(page + 1)}
          >
            <ChevronRightIcon />
          </IconButton>
        </Box>
      </DialogContent>
      <DialogActions>
        <Button
          variant="contained"
          onClick={() => {
            setPage(0);
            onClose();
          }}
        >
          {t('billing.okay')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
