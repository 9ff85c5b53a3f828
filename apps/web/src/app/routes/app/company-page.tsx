import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import type { CompanyDetail } from '@trustleaf/domain/schemas/company';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { paths } from '@/config/paths';
import { getMyProfile, myProfileQueryKey } from '@/features/auth/api/get-my-profile';
import { useCanManageCompany } from '@/features/billing/components/use-feature-status';
import { useCompanyDetail } from '@/features/company/api/get-company-detail';
import { useLatestScan } from '@/features/company/api/get-latest-scan';
import { CompanySummary } from '@/features/company/components/company-summary';
import { LocationsPanel } from '@/features/company/components/locations-panel';
import { ProductsPanel } from '@/features/company/components/products-panel';
import { errorText } from '@/lib/error-notice';
import { useScreenHidden } from '@/lib/template-screens';
import { useActingCompany, useAppStore } from '@/stores/app-store';
import { TemplateScreenRoute } from '@/app/routes/not-found';

/** Spec 3 §2 company page tabs built so far (monitor, billing and RTQ live on their own pages). */
const TABS = ['summary', 'locations', 'products', 'vault', 'report'] as const;
type CompanyTab = (typeof TABS)[number];

function VaultSection() {
  const { t } = useTranslation();
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography variant="h2" sx={{ fontSize: '1.25rem', mb: 1 }}>
        {t('company.vault.title')}
      </Typography>
      <Typography sx={{ color: 'text.secondary', mb: 2 }}>{t('company.vault.intro')}</Typography>
      <Button variant="outlined" component={RouterLink} to={paths.documents.company.getHref()}>
        {t('company.vault.open')}
      </Button>
    </Paper>
  );
}

function ReportSection({ plCompanyId }: { plCompanyId: number }) {
  const { t, i18n } = useTranslation();
  const latest = useLatestScan(plCompanyId);
  const webcrawlerHidden = useScreenHidden('webcrawler');
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography variant="h2" sx={{ fontSize: '1.25rem', mb: 1 }}>
        {t('company.report.title')}
      </Typography>
      {latest.isError ? <Alert severity="info">{errorText(t, latest.error)}</Alert> : null}
      {latest.isSuccess && latest.data === null ? (
        <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
          <Typography sx={{ color: 'text.secondary' }}>{t('company.report.none')}</Typography>
          {webcrawlerHidden ? null : (
            <Button variant="outlined" component={RouterLink} to={paths.webcrawler.getHref()}>
              {t('company.report.scan')}
            </Button>
          )}
        </Stack>
      ) : null}
      {latest.data ? (
        <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
          <Typography sx={{ overflowWrap: 'anywhere' }}>
            {t('company.report.summary', {
              url: latest.data.url,
              date: new Date(latest.data.checkTime).toLocaleString(i18n.language, {
                dateStyle: 'medium',
                timeStyle: 'short',
                timeZone: 'America/New_York',
              }),
              count: latest.data.violationCount,
            })}
          </Typography>
          <Button
            variant="outlined"
            component={RouterLink}
            to={paths.webcrawler.report.getHref(latest.data.plViolationCheckId)}
          >
            {t('company.report.view')}
          </Button>
        </Stack>
      ) : null}
    </Paper>
  );
}

function CompanyTabs({ plCompanyId }: { plCompanyId: number }) {
  const { t } = useTranslation();
  const id = useId();
  const canManage = useCanManageCompany();
  const [search, setSearch] = useSearchParams();
  const requested = search.get('tab');
  const tab: CompanyTab = TABS.includes(requested as CompanyTab) ? (requested as CompanyTab) : 'summary';
  const detail = useCompanyDetail(plCompanyId);
  const queryClient = useQueryClient();
  const refreshShell = (saved: CompanyDetail) => {
    const { account, selectAdminCompany, setProfile } = useAppStore.getState();
    const selected = account.currentAdminSelectedCompany;
    if (selected?.plCompanyId === saved.plCompanyId) {
      selectAdminCompany({ ...selected, companyName: saved.companyName, state: saved.state });
    }
    void getMyProfile().then((profile) => {
      setProfile(profile);
      queryClient.setQueryData(myProfileQueryKey, profile);
    });
  };
  return (
    <Box>
      <Tabs
        value={tab}
        onChange={(_event, value: CompanyTab) => setSearch({ tab: value }, { replace: true })}
        variant="scrollable"
        allowScrollButtonsMobile
        aria-label={t('company.tabsLabel')}
        sx={{ mb: 3, borderBottom: 1, borderColor: 'divider' }}
      >
        {TABS.map((value) => (
          <Tab
            key={value}
            value={value}
            label={t(`company.tabs.${value}`)}
            id={`${id}-tab-${value}`}
            aria-controls={`${id}-panel-${value}`}
            data-testid={`company-tab-${value}`}
          />
        ))}
      </Tabs>
      <Box role="tabpanel" id={`${id}-panel-${tab}`} aria-labelledby={`${id}-tab-${tab}`}>
        {tab === 'summary' ? (
          detail.data ? (
            <CompanySummary detail={detail.data} canManage={canManage} onSaved={refreshShell} />
          ) : detail.isError ? (
            <Alert severity="error">{errorText(t, detail.error)}</Alert>
          ) : (
            <Typography>{t('company.loading')}</Typography>
          )
        ) : null}
        {tab === 'locations' ? <LocationsPanel plCompanyId={plCompanyId} canManage={canManage} /> : null}
        {tab === 'products' ? <ProductsPanel plCompanyId={plCompanyId} canManage={canManage} /> : null}
        {tab === 'vault' ? <VaultSection /> : null}
        {tab === 'report' ? <ReportSection plCompanyId={plCompanyId} /> : null}
      </Box>
    </Box>
  );
}

/** The customer's company page (spec 3 §2 company page tabs): summary, locations, products, vault, report. */
function CompanyPageScreen() {
  const { t } = useTranslation();
  const company = useActingCompany();
  return (
    <Stack spacing={3}>
      <Typography variant="h1">{t('company.title')}</Typography>
      {company ? (
        <CompanyTabs key={company.plCompanyId} plCompanyId={company.plCompanyId} />
      ) : (
        <Alert severity="info">{t('home.noCompany')}</Alert>
      )}
    </Stack>
  );
}

/** The company page, unless the site template turns the screen off (then the not-found page). */
export function CompanyPageRoute() {
  return (
    <TemplateScreenRoute screen="companyPage">
      <CompanyPageScreen />
    </TemplateScreenRoute>
  );
}
