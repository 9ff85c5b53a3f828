import {
  addTemplate,
  addTemplateElement,
  applyDraft,
  createDraft,
  deleteTemplate,
  deleteTemplateElement,
  getBranding,
  getTemplate,
  listTemplates,
  templateImage,
  updateTemplate,
  updateTemplateElement,
} from '@trustleaf/domain/api/site-template';
import { COMMON_REFUSALS } from '@trustleaf/domain/refusals';
import type { FastifyPluginAsync } from 'fastify';
import type { CallerGate } from '../../lib/authz.ts';
import { route } from '../../lib/route.ts';
import type { Storage } from '../../lib/storage.ts';
import type { TemplatesService } from './templates.service.ts';

const ok = { ok: true as const };
const TEMPLATES_GATE: CallerGate = { superAdmin: COMMON_REFUSALS.templatesSuperAdminOnly };

/** Image types an image upload may have (checked by content when uploaded). */
const IMAGE_TYPES: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
};

/** Registered under `/api/siteTemplate` (spec 3 §7 site template calls). */
export const templateRoutes: FastifyPluginAsync<{ service: TemplatesService; storage: Storage }> = async (
  app,
  { service, storage },
) => {
  route(app, listTemplates, ({ auth }) => service.listTemplates(auth), { gate: TEMPLATES_GATE });
  route(app, getTemplate, ({ auth, input }) => service.getTemplate(auth, input.id), { gate: TEMPLATES_GATE });
  route(app, addTemplate, ({ auth, input }) => service.addTemplate(auth, input), { gate: TEMPLATES_GATE });
  route(app, updateTemplate, ({ auth, input }) => service.updateTemplate(auth, input), {
    gate: TEMPLATES_GATE,
  });
  route(
    app,
    deleteTemplate,
    async ({ auth, input }) => {
      await service.deleteTemplate(auth, input.id);
      return ok;
    },
    { gate: TEMPLATES_GATE },
  );
  route(app, createDraft, ({ auth, input }) => service.createDraft(auth, input.plSiteTemplateId), {
    gate: TEMPLATES_GATE,
  });
  route(app, applyDraft, ({ auth, input }) => service.applyDraft(auth, input.plSiteTemplateId), {
    gate: TEMPLATES_GATE,
  });
  route(app, addTemplateElement, ({ auth, input }) => service.addTemplateElement(auth, input), {
    gate: TEMPLATES_GATE,
  });
  route(app, updateTemplateElement, ({ auth, input }) => service.updateTemplateElement(auth, input), {
    gate: TEMPLATES_GATE,
  });
  route(
    app,
    deleteTemplateElement,
    async ({ auth, input }) => {
      await service.deleteTemplateElement(auth, input.id);
      return ok;
    },
    { gate: TEMPLATES_GATE },
  );
  route(app, getBranding, ({ input, request }) => service.branding({ ...input, host: request.hostname }));

  route(app, templateImage, async ({ input, reply }) => {
    const image = await service.publishedImage(input.id);
    const stream = await storage.open(image.key);
    return reply
      .header('content-type', IMAGE_TYPES[image.extension] ?? 'application/octet-stream')
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'public, max-age=300')
      .send(stream);
  });
};
