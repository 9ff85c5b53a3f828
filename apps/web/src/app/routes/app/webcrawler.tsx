import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { parseWebcrawlerParams } from '@trustleaf/domain/rules/crawler-link';
import { WEBCRAWLER_GATES } from '@trustleaf/domain/reference/features';
import type { FeatureStatus } from '@trustleaf/domain/rules/feature-gating';
import { lazy, memo, Suspense, useDeferredValue, useEffect, useId, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams, type SetURLSearchParams } from 'react-router';
import { paths } from '@/config/paths';
import { useFeatureStatus, useIsSuperAdmin } from '@/features/billing/components/use-feature-status';
import { getProductScansQueryOptions } from '@/features/webcrawler/api/get-product-scans';
import {
  getViolationChecksQueryOptions,
  useViolationChecks,
} from '@/features/webcrawler/api/get-violation-checks';
import { getWebsitesQueryOptions } from '@/features/webcrawler/api/get-websites';
import { SCAN_FORM_PLACEHOLDER_HEIGHT, ScanForm } from '@/features/webcrawler/components/scan-form';
import { ProductScans } from '@/features/webcrawler/components/product-scans';
import { ScanHistory } from '@/features/webcrawler/components/scan-history';
import { WebsitesPanel } from '@/features/webcrawler/components/websites-panel';
import { lazyComponent } from '@/lib/lazy-component';
import { queryClient } from '@/lib/query-client';
import { actingCompanyOf, useActingCompany, useAppStore } from '@/stores/app-store';
import type { CompanyRef } from '@trustleaf/domain/schemas/auth';
import { TemplateScreenRoute } from '@/app/routes/not-found';
import { ChartPanel } from '@/components/layouts/chart-panel';
import { SkeletonCard } from '@/components/layouts/skeleton-card';
import { StagedParts } from '@/components/layouts/staged-parts';

const ReportDialog = lazyComponent(() =>
  import('@/features/webcrawler/components/report-dialog').then((m) => m.ReportDialog),
);
const FindingsChart = lazy(() =>
  import('@/features/webcrawler/components/findings-chart').then((m) => ({ default: m.FindingsChart })),
);

/**
 * The screen's first requests (the checks, the product scans, the websites), with its hooks' options:
 * under its written-out frame they are sent before the first render with the shell's
 * (src/app/shell-steps.ts), so the screen mounts with their answers.
 */
export function webcrawlerRequests(): Promise<unknown> {
  const state = useAppStore.getState();
  const company = actingCompanyOf(state.account);
  if (!state.session || !company) return Promise.resolve();
  return Promise.allSettled([
    queryClient.prefetchQuery(getViolationChecksQueryOptions(company.plCompanyId)),
    queryClient.prefetchQuery(getProductScansQueryOptions(company.plCompanyId)),
    queryClient.prefetchQuery(getWebsitesQueryOptions(company.plCompanyId)),
  ]);
}

/**
 * The chart's room while its library loads: the first scan's chart appears the moment the scan ends,
 * and without it everything below (the scans, the websites and their switches) moved down under the
 * pointer. Its heading is the chart's; the period control and the plot are held as empty space of
 * their size as drawn (the control wraps to two rows on a phone, and so does the legend above the bars).
 */
function ChartPlaceholder() {
  const { t } = useTranslation();
  const headingId = useId();
  return (
    <ChartPanel
      headingId={headingId}
      title={t('webcrawler.chart.title')}
      control={<Box sx={{ height: { xs: 78, sm: 39 }, width: { xs: 294, sm: 332 } }} />}
    >
      <Box sx={{ height: { xs: 318, sm: 289 } }} />
    </ChartPanel>
  );
}

/** A gate still loading the plan shows its element inert rather than flashing it usable. */
function settled(status: FeatureStatus | 'LOADING'): FeatureStatus {
  return status === 'LOADING' ? 'NON_INTERACTABLE' : status;
}

interface ScreenInputs {
  company: CompanyRef | null;
  gates: { toggles: FeatureStatus; additionalWords: FeatureStatus; bypass: boolean };
  checks: ReturnType<typeof useViolationChecks>['data'];
  checksPending: boolean;
  prefill: ReturnType<typeof parseWebcrawlerParams>;
  viewed: number;
}

/**
 * /webcrawler (spec 3 §2 Webcrawler page): Add Website, the findings chart, the Recent / History scans
 * and, with `?view=<check id>`, that check's Website Compliance Report. `url` and `isVideo` (from the
 * crawler link, through sign-in's redirectUrl) prefill the form. Below: product scan tasks and the
 * company's websites with their weekly re-scan.
 *
 * An answer from the server (the plan, the checks) reaches this screen as a store update, which React
 * renders at once and in one piece; the screen's content is rendered from deferred inputs, so it is
 * rendered again a moment later as a transition, in slices, and a phone stays responsive meanwhile.
 */
function WebcrawlerScreen() {
  const [searchParams, setSearchParams] = useSearchParams();
  const company = useActingCompany();
  const bypass = useIsSuperAdmin();
  const toggles = settled(useFeatureStatus(WEBCRAWLER_GATES.toggles));
  const additionalWords = settled(useFeatureStatus(WEBCRAWLER_GATES.additionalWords));
  const checks = useViolationChecks(company?.plCompanyId ?? null);
  const inputs = useDeferredValue(
    useMemo<ScreenInputs>(
      () => ({
        company,
        gates: { toggles, additionalWords, bypass },
        checks: checks.data,
        checksPending: checks.isPending,
        prefill: parseWebcrawlerParams(searchParams),
        viewed: Number(searchParams.get('view')),
      }),
      [company, toggles, additionalWords, bypass, checks.data, checks.isPending, searchParams],
    ),
  );
  return <ScreenContent {...inputs} setSearchParams={setSearchParams} />;
}

const ScreenContent = memo(function ScreenContent({
  company,
  gates,
  checks,
  checksPending,
  prefill,
  viewed,
  setSearchParams,
}: ScreenInputs & { setSearchParams: SetURLSearchParams }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const openReport = (plViolationCheckId: number) =>
    setSearchParams((current) => {
      const next = new URLSearchParams(current);
      next.set('view', String(plViolationCheckId));
      return next;
    });
  const upgrade = () => void navigate(paths.account.subscription.getHref(true));
  // With a scan to view, the report's code is fetched ahead, so that View opens it at once.
  const hasScans = Boolean(checks && checks.length > 0);
  useEffect(() => {
    if (hasScans) void ReportDialog.preload();
  }, [hasScans]);
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
          <StagedParts placeholder={<SkeletonCard height={SCAN_FORM_PLACEHOLDER_HEIGHT} />}>
            {[
              <ScanForm
                key={`${company.plCompanyId} ${prefill.url} ${prefill.isVideo}`}
                plCompanyId={company.plCompanyId}
                companyName={company.companyName}
                initialUrl={prefill.url}
                initialIsVideo={prefill.isVideo}
                gates={gates}
              />,
              <Stack spacing={4}>
                {checks && checks.length > 0 ? (
                  <Suspense fallback={<ChartPlaceholder />}>
                    <FindingsChart checks={checks} />
                  </Suspense>
                ) : null}
                <ScanHistory rows={checks} isLoading={checksPending} onView={openReport} />
              </Stack>,
              <ProductScans plCompanyId={company.plCompanyId} onView={openReport} />,
              <WebsitesPanel plCompanyId={company.plCompanyId} onUpgrade={upgrade} />,
            ]}
          </StagedParts>
          {Number.isInteger(viewed) && viewed > 0 ? (
            <Suspense fallback={null}>
              <ReportDialog
                plCompanyId={company.plCompanyId}
                plViolationCheckId={viewed}
                companyName={company.companyName}
                check={checks?.find((check) => check.plViolationCheckId === viewed)}
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
});

/** The Webcrawler, unless the site template turns the screen off (then the not-found page). */
export function WebcrawlerRoute() {
  return (
    <TemplateScreenRoute screen="webcrawler">
      <WebcrawlerScreen />
    </TemplateScreenRoute>
  );
}
