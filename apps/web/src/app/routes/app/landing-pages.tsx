import StorefrontOutlinedIcon from '@mui/icons-material/StorefrontOutlined';
import RadarOutlinedIcon from '@mui/icons-material/RadarOutlined';
import TravelExploreOutlinedIcon from '@mui/icons-material/TravelExploreOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { MENU_FEATURES } from '@trustleaf/domain/reference/features';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { PageLoader } from '@/components/layouts/page-loader';
import { SummaryCard } from '@/components/layouts/summary-card';
import { paths } from '@/config/paths';
import { FeatureWrapper } from '@/features/billing/components/feature-wrapper';
import { PlanLockedNotice } from '@/features/billing/components/plan-locked-notice';
import { SubscriptionSummary, useFeatureAllowance } from '@/features/billing/components/subscription-summary';
import { useFeatureStatus } from '@/features/billing/components/use-feature-status';
import { VaultSummary } from '@/features/documents/components/vault-summary';
import { companyTypeLabel } from '@/lib/company-type-label';
import { useScreenHidden } from '@/lib/template-screens';
import { useAppStore } from '@/stores/app-store';
import { TemplateScreenRoute } from '@/app/routes/not-found';
import { DefinitionRow } from '@/components/layouts/definition-row';

/** The vault card as the plan allows it: the listing only when the plan includes the vault. */
function PlanVaultSummary({ plCompanyId }: { plCompanyId: number }) {
  const access = useFeatureStatus(MENU_FEATURES.qVault);
  return (
    <VaultSummary
      plCompanyId={plCompanyId}
      access={access}
      renderOpenLink={(link) => <FeatureWrapper feature={MENU_FEATURES.qVault}>{link}</FeatureWrapper>}
    />
  );
}

/** /dashboard/main, the landing of the Basic, Pro and Enterprise plans: the company's compliance overview. */
export function DashboardRoute() {
  const { t } = useTranslation();
  const user = useAppStore((state) => state.account.currentUser);
  const company = useAppStore((state) => state.account.currentCompany);
  const webcrawlerHidden = useScreenHidden('webcrawler');
  if (!user) return null;
  return (
    <>
      <Box sx={{ mb: 4 }}>
        <Typography variant="h1" data-testid="welcome">
          {t('home.welcome', { name: user.firstName })}
        </Typography>
        {company ? (
          <Typography
            variant="subtitle1"
            component="p"
            sx={{ fontWeight: 600, mt: 1 }}
            data-testid="profile-company"
          >
            {company.companyName}
          </Typography>
        ) : null}
        <Typography sx={{ color: 'text.secondary', mt: 0.5 }}>
          {company ? t('dashboard.intro') : t('home.noCompany')}
        </Typography>
      </Box>
      {company ? (
        <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
          <SubscriptionSummary companyId={company.plCompanyId} />
          <PlanVaultSummary plCompanyId={company.plCompanyId} />
          {webcrawlerHidden ? null : (
            <SummaryCard icon={<TravelExploreOutlinedIcon aria-hidden />} title={t('billing.nav.webcrawler')}>
              <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                {t('dashboard.webcrawlerText')}
              </Typography>
              <Box>
                <FeatureWrapper feature={MENU_FEATURES.webCrawler}>
                  <Button
                    component={RouterLink}
                    to={paths.webcrawler.getHref()}
                    variant="outlined"
                    data-testid="dashboard-webcrawler"
                  >
                    {t('dashboard.openWebcrawler')}
                  </Button>
                </FeatureWrapper>
              </Box>
            </SummaryCard>
          )}
        </Box>
      ) : (
        <Alert severity="info">{t('home.noCompany')}</Alert>
      )}
    </>
  );
}

/**
 * /qmonitor, the Merchant Processor plan's landing (spec 3 §2 Q-Monitor): the plan's monitoring
 * allowance, the processor's subscription and its own vault. Monitored client companies arrive with the
 * monitoring module; until then the page says so instead of showing an empty table.
 */
export function QMonitorRoute() {
  const { t } = useTranslation();
  const company = useAppStore((state) => state.account.currentCompany);
  const status = useFeatureStatus(MENU_FEATURES.qMonitor);
  const allowance = useFeatureAllowance(company?.plCompanyId ?? 0, MENU_FEATURES.qMonitor);
  if (status === 'LOADING') return <PageLoader />;
  return (
    <>
      <Box sx={{ mb: 4 }}>
        <Typography variant="h1">{t('qMonitor.title')}</Typography>
        <Typography sx={{ color: 'text.secondary', mt: 1 }}>{t('qMonitor.intro')}</Typography>
      </Box>
      {status !== 'NORMAL' ? (
        <PlanLockedNotice testId="qmonitor-locked" sx={{ mb: 3 }}>
          {t('qMonitor.locked')}
        </PlanLockedNotice>
      ) : null}
      {company ? (
        <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
          <SummaryCard icon={<RadarOutlinedIcon aria-hidden />} title={t('qMonitor.monitoring')}>
            <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: '1fr auto', gap: 1 }}>
              <DefinitionRow label={t('qMonitor.allowance')} testId="qmonitor-allowance">
                {allowance === null ? '—' : allowance}
              </DefinitionRow>
            </Box>
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              {t('qMonitor.noClients')}
            </Typography>
          </SummaryCard>
          <SubscriptionSummary companyId={company.plCompanyId} />
          <PlanVaultSummary plCompanyId={company.plCompanyId} />
        </Box>
      ) : (
        <Alert severity="info">{t('home.noCompany')}</Alert>
      )}
    </>
  );
}

/**
 * /directory/company-detail, the Merchant Processor Client plan's landing (spec 3 §2): the company's
 * directory entry as its merchant processor sees it, with its vault and subscription.
 */
export function CompanyDetailRoute() {
  const { t } = useTranslation();
  const company = useAppStore((state) => state.account.currentCompany);
  return (
    <>
      <Box sx={{ mb: 4 }}>
        <Typography variant="h1">{t('directory.title')}</Typography>
        <Typography sx={{ color: 'text.secondary', mt: 1 }}>{t('directory.intro')}</Typography>
      </Box>
      {company ? (
        <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
          <SummaryCard icon={<StorefrontOutlinedIcon aria-hidden />} title={company.companyName}>
            <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: '160px 1fr', rowGap: 1 }}>
              <DefinitionRow label={t('home.businessType')} testId="directory-business-type">
                {companyTypeLabel(t, company.businessType)}
              </DefinitionRow>
              <DefinitionRow label={t('home.location')}>
                {[company.state, company.country].filter(Boolean).join(', ') || '—'}
              </DefinitionRow>
              <DefinitionRow label={t('home.status')} testId="directory-status">
                {t(`companyStatus.${company.status}`)}
              </DefinitionRow>
              <DefinitionRow label={t('directory.listing')}>
                {t(`directory.kind.${company.kind}`)}
              </DefinitionRow>
            </Box>
          </SummaryCard>
          <PlanVaultSummary plCompanyId={company.plCompanyId} />
          <SubscriptionSummary companyId={company.plCompanyId} />
        </Box>
      ) : (
        <Alert severity="info">{t('home.noCompany')}</Alert>
      )}
    </>
  );
}

const PAGES = {
  dashboard: DashboardRoute,
  qMonitor: QMonitorRoute,
  companyDetail: CompanyDetailRoute,
} as const;

/**
 * The landing pages by plan (spec 3 §2) in one lazy chunk: each route the entry declares costs the
 * sign-in page's first load a few bytes, so the three share one import.
 */
export function LandingPage({ page }: { page: keyof typeof PAGES }) {
  const Page = PAGES[page];
  // The directory's landing is a screen the site template may turn off.
  if (page !== 'companyDetail') return <Page />;
  return (
    <TemplateScreenRoute screen="directory">
      <Page />
    </TemplateScreenRoute>
  );
}
