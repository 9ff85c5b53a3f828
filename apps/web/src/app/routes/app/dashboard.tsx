import TravelExploreOutlinedIcon from '@mui/icons-material/TravelExploreOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { MENU_FEATURES } from '@trustleaf/domain/reference/features';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { paths } from '@/config/paths';
import { FeatureWrapper } from '@/features/billing/components/feature-wrapper';
import { SubscriptionSummary } from '@/features/billing/components/subscription-summary';
import { VaultSummary } from '@/features/documents/components/vault-summary';
import { useAppStore } from '@/stores/app-store';

/** /dashboard/main, the landing of the Basic, Pro and Enterprise plans: the company's compliance overview. */
export function DashboardRoute() {
  const { t } = useTranslation();
  const user = useAppStore((state) => state.account.currentUser);
  const company = useAppStore((state) => state.account.currentCompany);
  if (!user) return null;
  return (
    <>
      <Box sx={{ mb: 4 }}>
        <Typography variant="h1" data-testid="welcome">
          {t('home.welcome', { name: user.firstName })}
        </Typography>
        <Typography sx={{ color: 'text.secondary', mt: 1 }} data-testid="dashboard-intro">
          {company ? t('dashboard.intro', { company: company.companyName }) : t('home.noCompany')}
        </Typography>
      </Box>
      {company ? (
        <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
          <SubscriptionSummary companyId={company.plCompanyId} />
          <VaultSummary plCompanyId={company.plCompanyId} />
          <Card variant="outlined" component="section" aria-labelledby="dashboard-webcrawler-title">
            <CardContent sx={{ display: 'grid', gap: 1.5 }}>
              <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
                <TravelExploreOutlinedIcon color="primary" aria-hidden />
                <Typography variant="h3" component="h2" id="dashboard-webcrawler-title">
                  {t('billing.nav.webcrawler')}
                </Typography>
              </Box>
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
            </CardContent>
          </Card>
        </Box>
      ) : (
        <Alert severity="info">{t('home.noCompany')}</Alert>
      )}
    </>
  );
}
