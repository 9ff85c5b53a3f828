import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useIsSuperAdmin } from '@/features/billing/components/use-feature-status';
import { ProspectImportPanel } from '@/features/imports/components/prospect-import-panel';
import { ReferenceDataPanel } from '@/features/reference/components/reference-data-panel';
import { SystemSettingsPanel } from '@/features/system/components/system-settings-panel';

/** The super admin's platform tabs (spec 3 §2 admin tab set: import; §3 system settings; §7 reference data). */
const TABS = ['settings', 'reference', 'import'] as const;
type PlatformTab = (typeof TABS)[number];

export function AdminPlatformRoute() {
  const { t } = useTranslation();
  const isSuperAdmin = useIsSuperAdmin();
  const [search, setSearch] = useSearchParams();
  const id = useId();
  const requested = search.get('tab');
  const tab: PlatformTab = TABS.includes(requested as PlatformTab) ? (requested as PlatformTab) : 'settings';
  if (!isSuperAdmin) return <Typography>{t('platform.forbidden')}</Typography>;
  return (
    <Box>
      <Typography variant="h4" component="h1" sx={{ mb: 2 }}>
        {t('platform.title')}
      </Typography>
      <Tabs
        value={tab}
        onChange={(_event, value: PlatformTab) => setSearch({ tab: value }, { replace: true })}
        variant="scrollable"
        allowScrollButtonsMobile
        aria-label={t('platform.title')}
        sx={{ mb: 3, borderBottom: 1, borderColor: 'divider' }}
      >
        {TABS.map((value) => (
          <Tab
            key={value}
            value={value}
            label={t(`platform.tabs.${value}`)}
            id={`${id}-tab-${value}`}
            aria-controls={`${id}-panel-${value}`}
            data-testid={`platform-tab-${value}`}
          />
        ))}
      </Tabs>
      <Box role="tabpanel" id={`${id}-panel-${tab}`} aria-labelledby={`${id}-tab-${tab}`}>
        {tab === 'settings' ? <SystemSettingsPanel /> : null}
        {tab === 'reference' ? <ReferenceDataPanel /> : null}
        {tab === 'import' ? <ProspectImportPanel /> : null}
      </Box>
    </Box>
  );
}
