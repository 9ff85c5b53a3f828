import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { paths } from '@/config/paths';
import { useAppStore } from '@/stores/app-store';

/** Document vault menu items: the company's documents, the review queue and the super admin settings. */
export function DocumentsNav() {
  const { t } = useTranslation();
  const user = useAppStore((state) => state.account.currentUser);
  if (!user) return null;
  const isSuperAdmin = user.roles.some((role) => role.name === 'Super Admin');
  const companyRoles = user.memberOfCompany?.roles ?? [];
  const canReview = isSuperAdmin || companyRoles.some((r) => r === 'Company Owner' || r === 'Company Admin');
  return (
    <>
      {user.memberOfCompany && !isSuperAdmin ? (
        <Button
          component={RouterLink}
          to={paths.documents.company.getHref()}
          color="inherit"
          data-testid="nav-documents"
        >
          {t('nav.documents')}
        </Button>
      ) : null}
      {canReview ? (
        <Button
          component={RouterLink}
          to={paths.documents.review.getHref()}
          color="inherit"
          data-testid="nav-review"
        >
          {t('nav.review')}
        </Button>
      ) : null}
      {isSuperAdmin ? (
        <Button
          component={RouterLink}
          to={paths.documents.admin.getHref()}
          color="inherit"
          data-testid="nav-documents-admin"
        >
          {t('nav.documentSettings')}
        </Button>
      ) : null}
    </>
  );
}
