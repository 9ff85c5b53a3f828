import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAdminPlans } from '../api/get-admin-plans';
import { PlanEditor, type PlanDraft } from './admin-plan-editor';
import { PromoConsole } from './admin-promo-console';

/**
 * Super admin console: plans, prices, payment flags, trials, features, descriptions and promos. One
 * plan's editor at a time (a plan's features make a long form, and every plan at once was thousands
 * of fields on a phone); a plan's unsaved edits survive switching to another.
 */
export function AdminBillingConsole() {
  const { t } = useTranslation();
  const plans = useAdminPlans();
  const list = plans.data ?? [];
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const drafts = useRef(new Map<number, PlanDraft>()).current;
  const selected = list.find((plan) => plan.plPlanId === selectedId) ?? list[0];
  return (
    <Box sx={{ display: 'grid', gap: 3, minWidth: 0 }}>
      <Typography variant="h1">{t('billing.admin.title')}</Typography>
      <PromoConsole plans={plans.data} />
      {selected && (
        <Box sx={{ display: 'grid', gap: 2, minWidth: 0 }}>
          <Tabs
            value={selected.plPlanId}
            onChange={(_, id: number) => setSelectedId(id)}
            variant="scrollable"
            scrollButtons="auto"
            allowScrollButtonsMobile
            aria-label={t('billing.admin.plans')}
          >
            {list.map((plan) => (
              <Tab
                key={plan.plPlanId}
                value={plan.plPlanId}
                label={`${plan.name} (${plan.region})`}
                id={`admin-plan-tab-${plan.plPlanId}`}
                aria-controls={`admin-plan-panel-${plan.plPlanId}`}
              />
            ))}
          </Tabs>
          <PlanEditor key={selected.plPlanId} plan={selected} drafts={drafts} />
        </Box>
      )}
    </Box>
  );
}
