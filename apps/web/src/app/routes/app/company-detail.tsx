import ApartmentOutlinedIcon from '@mui/icons-material/ApartmentOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { SubscriptionSummary } from '@/features/billing/components/subscription-summary';
import { VaultSummary } from '@/features/documents/components/vault-summary';
import { useAppStore } from '@/stores/app-store';

function Row({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <>
      <Typography variant="body2" component="dt" sx={{ color: 'text.secondary' }}>
        {label}
      </Typography>
      <Typography variant="body2" component="dd" sx={{ m: 0, fontWeight: 500 }} data-testid={testId}>
        {children}
      </Typography>
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
          <Card variant="outlined" component="section" aria-labelledby="directory-company-title">
            <CardContent sx={{ display: 'grid', gap: 1.5 }}>
              <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
                <ApartmentOutlinedIcon color="primary" aria-hidden />
                <Typography variant="h3" component="h2" id="directory-company-title">
                  {company.companyName}
                </Typography>
              </Box>
              <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: '160px 1fr', rowGap: 1 }}>
                <Row label={t('home.businessType')}>{company.businessType ?? '—'}</Row>
                <Row label={t('home.location')}>
                  {[company.state, company.country].filter(Boolean).join(', ') || '—'}
                </Row>
                <Row label={t('home.status')} testId="directory-status">
                  {t(`companyStatus.${company.status}`)}
                </Row>
                <Row label={t('directory.listing')}>{t(`directory.kind.${company.kind}`)}</Row>
              </Box>
            </CardContent>
          </Card>
          <VaultSummary plCompanyId={company.plCompanyId} />
          <SubscriptionSummary companyId={company.plCompanyId} />
        </Box>
      ) : (
        <Alert severity="info">{t('home.noCompany')}</Alert>
      )}
    </>
  );
}
