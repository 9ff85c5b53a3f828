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
  summary: 'Search the public directory of listed companies (no sign-in)',
  description:
    'Anyone, without signing in: companies that published their trust profile, searched by name (`q`, at least 3 characters; trigram matching, so a misspelt name still finds the company) and filtered by business type, state, segment and a live verified seal; sorted by relevance (the default with a search: names containing the search, by name, then close spellings, closest first), name (the default without) or newest member; 1 to 50 per page, at most 100 pages, with `hasMore` instead of a total. Relevance without a search is refused (400).',
});
