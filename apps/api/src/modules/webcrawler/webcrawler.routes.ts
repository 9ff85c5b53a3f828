import {
  bulkReviewComplianceFindings,
  cancelScanUrlJob,
  checkValidUrl,
  complianceFindingSnapshot,
  createProduct,
  deleteProduct,
  deleteWebsite,
  getScanProduct,
  getScanTaskStatus,
  getScanUrlJob,
  productListing,
  scanProductHistories,
  scanUrl,
  scanUrlListing,
  startScanProduct,
  updateComplianceFinding,
  updateProduct,
  upsertWebsite,
  urlToBase64,
  violationCheckDetail,
  violationCheckListing,
  violationCheckReportLink,
  websiteListing,
  violationCheckReportFile,
} from '@trustleaf/domain/api/webcrawler';
import { REPORT_PDF_FILE_NAME } from '@trustleaf/domain/schemas/webcrawler';
import type { FastifyPluginAsync } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../lib/route.ts';
import type { WebcrawlerService } from './webcrawler.service.ts';

/** Spec 3 §7 Scanner calls under /api/webcrawler (issue 17). */
export const webcrawlerRoutes: FastifyPluginAsync<{ service: WebcrawlerService }> = async (
  app,
  { service },
) => {
  route(app, scanUrl, ({ auth, input }) => service.scanUrl(auth, input));
  route(app, getScanUrlJob, ({ auth, input }) => service.getJob(auth, input.jobId));
  route(app, getScanTaskStatus, ({ auth, input }) => service.getJob(auth, input.id));
  route(app, scanUrlListing, ({ auth, input }) => service.listJobs(auth, input.plCompanyId, input.statuses));
  route(app, cancelScanUrlJob, ({ auth, input }) => service.cancel(auth, input.jobId));
  route(app, violationCheckListing, ({ auth, input }) =>
    service.listChecks(auth, input.plCompanyId, input.period),
  );
  route(app, violationCheckDetail, ({ auth, input }) =>
    service.checkDetail(auth, input.plCompanyId, input.plViolationCheckId),
  );
  route(app, violationCheckReportLink, ({ auth, input }) => service.reportLink(auth, input));
  route(app, bulkReviewComplianceFindings, ({ auth, input }) => service.bulkReview(auth, input));
  route(app, updateComplianceFinding, ({ auth, input }) => service.updateFinding(auth, input));
  route(app, complianceFindingSnapshot, ({ auth, input }) => service.findingSnapshot(auth, input.id));
  route(app, getScanProduct, ({ auth, input }) => service.productTasks(auth, input.plCompanyId, false));
  route(app, startScanProduct, ({ auth, input }) => service.startProductScan(auth, input));
  route(app, scanProductHistories, ({ auth, input }) => service.productTasks(auth, input.plCompanyId, true));
  route(app, websiteListing, ({ auth, input }) => service.listWebsites(auth, input.plCompanyId));
  route(app, upsertWebsite, ({ auth, input }) => service.upsertWebsite(auth, input));
  route(app, deleteWebsite, ({ auth, input }) =>
    service.deleteWebsite(auth, input.plCompanyId, input.plWebsiteId),
  );
  route(app, productListing, ({ auth, input }) => service.listProducts(auth, input.plCompanyId));
  route(app, createProduct, ({ auth, input }) => service.createProduct(auth, input));
  route(app, updateProduct, ({ auth, input }) => service.updateProduct(auth, input));
  route(app, deleteProduct, ({ auth, input }) =>
    service.deleteProduct(auth, input.plCompanyId, input.plProductId),
  );

  await app.register(reportFileRoute, { service });
};

/** The PDF behind violationCheckReportLink's five-minute signed link (no session: the link is the grant). */
const reportFileRoute: FastifyPluginAsyncZod<{ service: WebcrawlerService }> = async (app, { service }) => {
  route(app, violationCheckReportFile, async ({ input, request, reply }) => {
    const pdf = await service.reportPdf(input, request.hostname);
    return reply
      .type('application/pdf')
      .header('content-disposition', `attachment; filename="${REPORT_PDF_FILE_NAME}"`)
      .header('cache-control', 'private, no-store')
      .send(pdf);
  });
};

/** GET /api/check-valid-url and GET /api/url-to-base64 (spec 3 §2, §7). */
export const scannerRoutes: FastifyPluginAsync<{ service: WebcrawlerService }> = async (app, { service }) => {
  route(app, checkValidUrl, ({ auth, input }) => service.checkValidUrl(auth, input.scanUrl));
  route(app, urlToBase64, ({ auth, input }) => service.imageAsBase64(auth, input.imageUrl, input.cache));
};
