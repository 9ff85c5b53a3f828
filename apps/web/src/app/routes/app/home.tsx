import ApartmentOutlinedIcon from '@mui/icons-material/ApartmentOutlined';
import PersonOutlineIcon from '@mui/icons-material/PersonOutlined';
import PublicOutlinedIcon from '@mui/icons-material/PublicOutlined';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DefinitionRow } from '@/components/layouts/definition-row';
import { SummaryCard } from '@/components/layouts/summary-card';
import { env } from '@/config/env';
import { companyTypeLabel } from '@/lib/company-type-label';
import { formatDateTime } from '@/lib/i18n';
import { useAppStore } from '@/stores/app-store';

const ROLE_KEYS: Record<string, string> = {
  'Super Admin': 'roles.superAdmin',
  'Company Owner': 'roles.companyOwner',
  'Company Admin': 'roles.companyAdmin',
  User: 'roles.user',
  'Weak User': 'roles.weakUser',
};

function Field({ label, value, testId }: { label: string; value: ReactNode; testId?: string }) {
  return (
    <Box sx={{ py: 1.25, display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '160px 1fr' }, gap: 0.5 }}>
      <DefinitionRow label={label} testId={testId}>
        {value}
      </DefinitionRow>
    </Box>
  );
}

export function HomeRoute() {
  const { t, i18n } = useTranslation();
  const user = useAppStore((state) => state.account.currentUser);
  const company = useAppStore((state) => state.account.currentCompany);
  const receivedAt = useAppStore((state) => state.session?.receivedAt);
  if (!user) return null;

  const roleNames = [...user.roles.map((role) => role.name), ...(user.memberOfCompany?.roles ?? [])];
  const roles = [...new Set(roleNames)].map((name) => (ROLE_KEYS[name] ? t(ROLE_KEYS[name]) : name));
  const region = env.region;

  return (
    <>
      <Box sx={{ mb: 4 }}>
        <Typography variant="h1" data-testid="welcome">
          {t('home.welcome', { name: user.firstName })}
        </Typography>
        <Typography sx={{ color: 'text.secondary', mt: 1 }}>
          {t('home.intro')}
          {receivedAt
            ? ` ${t('home.sessionStarted', { time: formatDateTime(receivedAt, i18n.language) })}`
            : ''}
        </Typography>
      </Box>
      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
        <SummaryCard avatar icon={<PersonOutlineIcon />} title={t('home.profileTitle')}>
          <Box component="dl" sx={{ m: 0 }}>
            <Field
              label={t('home.name')}
              value={`${user.firstName} ${user.lastName}`}
              testId="profile-name"
            />
            <Field label={t('home.email')} value={user.email} />
            <Field
              label={t('home.role')}
              testId="profile-role"
              value={
                <Box component="span" sx={{ display: 'inline-flex', flexWrap: 'wrap', gap: 0.75 }}>
                  {roles.map((role) => (
                    <Chip key={role} label={role} size="small" color="primary" variant="outlined" />
                  ))}
                </Box>
              }
            />
          </Box>
        </SummaryCard>
        <SummaryCard avatar icon={<ApartmentOutlinedIcon />} title={t('home.companyTitle')}>
          {company ? (
            <Box component="dl" sx={{ m: 0 }}>
              <Field label={t('home.company')} value={company.companyName} testId="profile-company" />
              <Field
                label={t('home.businessType')}
                value={companyTypeLabel(t, company.businessType)}
                testId="profile-business-type"
              />
              <Field
                label={t('home.location')}
                value={[company.state, company.country].filter(Boolean).join(', ') || '—'}
              />
              <Field label={t('home.status')} value={t(`companyStatus.${company.status}`)} />
              <Field label={t('home.role')} value={t(company.isOwner ? 'home.owner' : 'home.member')} />
            </Box>
          ) : (
            <Typography sx={{ color: 'text.secondary' }}>{t('home.noCompany')}</Typography>
          )}
        </SummaryCard>
        <SummaryCard avatar icon={<PublicOutlinedIcon />} title={t('region.label')}>
          <Box component="dl" sx={{ m: 0 }}>
            <Field label={t('region.label')} value={t(`region.${region.region}`)} testId="home-region" />
            <Field
              label={t('home.regionWording')}
              testId="home-region-wording"
              value={
                <Box component="span" sx={{ display: 'inline-flex', flexWrap: 'wrap', gap: 0.75 }}>
                  {[
                    region.statesLabelKey,
                    region.licencesLabelKey,
                    region.qualityPersonLabelKey,
                    region.governmentStatusLabelKey,
                  ].map((key) => (
                    <Chip key={key} label={t(key)} size="small" variant="outlined" />
                  ))}
                </Box>
              }
            />
          </Box>
        </SummaryCard>
      </Box>
    </>
  );
}
