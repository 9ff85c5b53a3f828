import { directoryCompanies, directoryPage } from '@trustleaf/domain/api/directory';
import { DirectoryQuerySchema } from '@trustleaf/domain/schemas/directory';
import { negotiateTrustLanguage } from '@trustleaf/domain/reference/trust-profile-text';
import type { FastifyPluginAsync } from 'fastify';
import { AppError } from '../../lib/errors.ts';
import { route } from '../../lib/route.ts';
import { renderDirectoryPage, type DirectoryView } from './directory.page.ts';
import type { DirectoryService } from './directory.service.ts';

/** The JSON call under /api/directory. */
export const directoryRoutes: FastifyPluginAsync<{ service: DirectoryService }> = async (
  app,
  { service },
) => {
  route(app, directoryCompanies, ({ input }) => service.search(input));
};

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/** The public page at /directory: server-rendered, no sign-in, a GET form. */
export const directoryPublicRoutes: FastifyPluginAsync<{
  service: DirectoryService;
  appUrl: string;
}> = async (app, { service, appUrl }) => {
  route(app, directoryPage, async ({ request, reply }) => {
    const query = (request.query ?? {}) as Record<string, unknown>;
    const language = negotiateTrustLanguage(
      text(query.lang) || undefined,
      request.headers['accept-language'],
    );
    const form: DirectoryView['form'] = {
      q: text(query.q).slice(0, 200),
      plBusinessTypeId: text(query.plBusinessTypeId),
      state: text(query.state).toUpperCase(),
      plSegmentId: text(query.plSegmentId),
      seal: text(query.seal) === 'true',
      sort: text(query.sort),
    };
    // Relevance is the order of a search; a visitor who clears the search gets names instead.
    const sort = form.q.trim() === '' && form.sort === 'relevance' ? '' : form.sort;
    const parsed = DirectoryQuerySchema.safeParse({
      ...form,
      seal: form.seal ? 'true' : '',
      sort,
      page: text(query.page),
    });
    let result: DirectoryView['result'];
    if (!parsed.success) {
      const tooShort = parsed.error.issues.some(
        (issue) => issue.path[0] === 'q' && issue.code === 'too_small',
      );
      result = { error: tooShort ? 'queryTooShort' : 'invalidSearch' };
    } else {
      try {
        result = await service.search(parsed.data);
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        if (error.code === 'VALIDATION_FAILED') result = { error: 'invalidSearch' };
        else if (error.code === 'UNAVAILABLE') result = { error: 'searchTooSlow' };
        else throw error;
      }
    }
    if (!('error' in result)) form.sort = result.sort;
    const choices = await service.filterChoices();
    return reply
      .code('error' in result ? (result.error === 'searchTooSlow' ? 503 : 400) : 200)
      .header('content-type', 'text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .header('vary', 'Accept-Language')
      .header('content-language', language)
      .send(renderDirectoryPage({ language, form, choices, result, appUrl }));
  });
};
