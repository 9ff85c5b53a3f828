import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { MENU_FEATURES } from '@trustleaf/domain/reference/features';
import { useTranslation } from 'react-i18next';
import { PageLoader } from '@/components/layouts/page-loader';
import { PlanLockedNotice } from '@/features/billing/components/plan-locked-notice';
import { useFeatureStatus } from '@/features/billing/components/use-feature-status';
import { CoaUpload } from '@/features/documents/components/coa-upload';
import { CompanyDocuments } from '@/features/documents/components/company-documents';
import { ReviewerCompanies } from '@/features/documents/components/reviewer-companies';
import { useActingCompany, useAppStore } from '@/stores/app-store';

/**
 * Q-Vault company documents: the company's documents with versions, the COA batch upload and, for
 * owners and admins, the reviewer companies. A plan without the vault (the server refuses its calls)
 * shows what the vault is for and the way to the plans instead.
 */
export function DocumentsRoute() {
  const { t } = useTranslation();
  const company = useActingCompany();
  const access = useFeatureStatus(MENU_FEATURES.qVault);
  // Select the stored membership, not `roles ?? []`: a selector must return the same value while the
  // store is unchanged, and a fresh empty array for a super admin (no membership) re-rendered forever.
  const membership = useAppStore((state) => state.account.currentUser?.memberOfCompany ?? null);
  const roles = membership?.roles ?? [];
  const canUpload = roles.some((role) => role !== 'Weak User');
  const canDelete = roles.some((role) => role === 'Company Owner' || role === 'Company Admin');
  if (company && access === 'LOADING') return <PageLoader />;
  return (
    <Stack spacing={4}>
      <Box>
        <Typography variant="h1">{t('documents.page.title')}</Typography>
        <Typography sx={{ color: 'text.secondary', mt: 1 }}>{t('documents.page.intro')}</Typography>
      </Box>
      {company && access !== 'NORMAL' ? (
        <PlanLockedNotice testId="vault-locked">{t('documents.page.locked')}</PlanLockedNotice>
      ) : company ? (
        <>
          <CompanyDocuments plCompanyId={company.plCompanyId} canUpload={canUpload} canDelete={canDelete} />
          {canUpload ? <CoaUpload plCompanyId={company.plCompanyId} /> : null}
          {canDelete ? <ReviewerCompanies plCompanyId={company.plCompanyId} /> : null}
        </>
      ) : (
        <Alert severity="info">{t('home.noCompany')}</Alert>
      )}
    </Stack>
  );
}
