import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { parseWebcrawlerParams } from '@trustleaf/domain/rules/crawler-link';
import { WEBCRAWLER_GATES } from '@trustleaf/domain/reference/features';
import type { FeatureStatus } from '@trustleaf/domain/rules/feature-gating';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { paths } from '@/config/paths';
import { useFeatureStatus, useIsSuperAdmin } from '@/features/billing/components/use-feature-status';
import { useViolationChecks } from '@/features/webcrawler/api/get-violation-checks';
import { ScanForm } from '@/features/webcrawler/components/scan-form';
import { ProductScans } from '@/features/webcrawler/components/product-scans';
import { ScanHistory } from '@/features/webcrawler/components/scan-history';
import { WebsitesPanel } from '@/features/webcrawler/components/websites-panel';
import { useActingCompany } from '@/stores/app-store';
import { TemplateScreenRoute } from '@/app/routes/not-found';

const ReportDialog = lazy(() =>
  import('@/features/webcrawler/components/report-dialog').then((m) => ({ default: m.ReportDialog })),
);
const FindingsChart = lazy(() =>
  import('@/features/webcrawler/components/findings-chart').then((m) => ({ default: m.FindingsChart })),
);

/** A gate still loading the plan shows its element inert rather than flashing it usable. */
function settled(status: FeatureStatus | 'LOADING'): FeatureStatus {
  return status === 'LOADING' ? 'NON_INTERACTABLE' : status;
}

/**
 * /webcrawler (spec 3 §2 Webcrawler page): Add Website, the findings chart, the Recent / History scans
 * and, with `?view=<check id>`, that check's Website Compliance Report. `url` and `isVideo` (from the
 * crawler link, through sign-in's redirectUrl) prefill the form. Below: product scan tasks and the
 * company's websites with their weekly re-scan.
 */
function WebcrawlerScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [searchParams, setSearchParams] = useSearchParams();
  const company = useActingCompany();
  const isSuperAdmin = useIsSuperAdmin();
  const gates = {
    toggles: settled(useFeatureStatus(WEBCRAWLER_GATES.toggles)),
    additionalWords: settled(useFeatureStatus(WEBCRAWLER_GATES.additionalWords)),
    bypass: isSuperAdmin,
  };
  const checks = useViolationChecks(company?.plCompanyId ?? null);
  const prefill = parseWebcrawlerParams(searchParams);
  const viewed = Number(searchParams.get('view'));
  const openReport = (plViolationCheckId: number) =>
    setSearchParams((current) => {
      const next = new URLSearchParams(current);
      next.set('view', String(plViolationCheckId));
      return next;
    });
  const upgrade = () => void navigate(paths.account.subscription.getHref(true));
  const closeReport = () =>
    setSearchParams((current) => {
      const next = new URLSearchParams(current);
      next.delete('view');
      return next;
    });

  return (
    <Stack spacing={4}>
      <Box>
        <Typography variant="h1">{t('webcrawler.title')}</Typography>
        <Typography sx={{ color: 'text.secondary', mt: 1 }}>{t('webcrawler.subtitle')}</Typography>
      </Box>
      {company ? (
        <>
          <ScanForm
            key={`${company.plCompanyId} ${prefill.url} ${prefill.isVideo}`}
            plCompanyId={company.plCompanyId}
            companyName={company.companyName}
            initialUrl={prefill.url}
            initialIsVideo={prefill.isVideo}
            gates={gates}
          />
          {checks.data && checks.data.length > 0 ? (
            <Suspense fallback={null}>
              <FindingsChart checks={checks.data} />
            </Suspense>
          ) : null}
          <ScanHistory rows={checks.data} isLoading={checks.isPending} onView={openReport} />
          <ProductScans plCompanyId={company.plCompanyId} onView={openReport} />
          <WebsitesPanel plCompanyId={company.plCompanyId} onUpgrade={upgrade} />
          {Number.isInteger(viewed) && viewed > 0 ? (
            <Suspense fallback={null}>
              <ReportDialog
                plCompanyId={company.plCompanyId}
                plViolationCheckId={viewed}
                companyName={company.companyName}
                check={checks.data?.find((check) => check.plViolationCheckId === viewed)}
                onClose={closeReport}
                onUpgrade={upgrade}
              />
            </Suspense>
          ) : null}
        </>
      ) : (
        <Alert severity="info">{t('home.noCompany')}</Alert>
      )}
    </Stack>
  );
}

/** The Webcrawler, unless the site template turns the screen off (then the not-found page). */
export function WebcrawlerRoute() {
  return (
    <TemplateScreenRoute screen="webcrawler">
      <WebcrawlerScreen />
    </TemplateScreenRoute>
  );
}
