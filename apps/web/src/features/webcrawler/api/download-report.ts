import { violationCheckReportLink } from '@trustleaf/domain/api/webcrawler';
import { api } from '@/lib/api';
import { useBranding } from '@/lib/site-template';
import { useAppStore } from '@/stores/app-store';

/**
 * Export (spec 3 §2): the server renders the PDF; the browser saves it as 'Website Compliance Report.pdf'.
 * The PDF is drawn with the site template this page shows, so it names the product as the page does,
 * and in the page's language.
 */
export async function downloadReport(plCompanyId: number, plViolationCheckId: number): Promise<void> {
  const siteTemplateId = useBranding.getState().plSiteTemplateId;
  const link = await api.call(violationCheckReportLink, {
    plCompanyId,
    plViolationCheckId,
    ...(siteTemplateId !== null ? { siteTemplateId } : {}),
    language: useAppStore.getState().language,
  });
  const anchor = document.createElement('a');
  anchor.href = link.url;
  anchor.download = link.fileName;
  anchor.rel = 'noopener';
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
}
