/** The auth schemas (and zod with them) are fetched on first use, off the sign-in page's first load. */
export const loadAuthSchemas = () => import('@trustleaf/domain/schemas/auth');

/** The auth contracts, fetched on first use like the schemas they are built from. */
export const loadAuthContracts = () => import('@trustleaf/domain/api/auth');
