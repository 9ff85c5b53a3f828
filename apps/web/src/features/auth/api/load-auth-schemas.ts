/** The auth schemas (and zod with them) are fetched on first use, off the sign-in page's first load. */
export const loadAuthSchemas = () => import('@trustleaf/domain/schemas/auth');
