import { z } from 'zod';
import { DirectoryPageSchema, DirectoryQuerySchema } from '../schemas/directory.ts';
import { endpoint } from './endpoint.ts';

/** The public directory (issue 21). Its page for people is server-rendered at `/directory`. */
export const directoryCompanies = endpoint({
  method: 'GET',
  path: '/api/directory/companies',
  input: DirectoryQuerySchema,
  output: DirectoryPageSchema,
  access: 'public',
  tag: 'directory',
  errors: ['UNAVAILABLE'],
  summary: 'Search the public directory of listed companies (no sign-in)',
  description:
    'Anyone, without signing in: companies that published their trust profile, searched by name (`q`, at least 3 characters; trigram matching, so a misspelt name still finds the company) and filtered by business type, state, segment and a live verified seal; sorted by relevance (the default with a search: names containing the search, by name, then close spellings, closest first), name (the default without) or newest member; 1 to 50 per page, at most 100 pages, with `hasMore` instead of a total. Relevance without a search is refused (400); a search that runs past the directory’s time limit is answered 503 UNAVAILABLE.',
});

export const directoryPage = endpoint({
  method: 'GET',
  path: '/directory',
  // The page reads the same fields as directoryCompanies (kept as sent) and answers a bad one in the
  // page itself, so nothing is refused before it.
  input: z.looseObject({}),
  output: z.never(),
  file: { contentType: 'text/html' },
  access: 'public',
  tag: 'directory',
  summary: 'The public directory page (server-rendered, a GET form)',
  description:
    'Anyone, without signing in: the directory search of directoryCompanies as an HTML page in the visitor’s language (`lang`, else Accept-Language). A search it cannot run (too short, or an invalid filter) is shown on the page with status 400.',
});
