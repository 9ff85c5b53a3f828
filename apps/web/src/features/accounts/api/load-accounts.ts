/**
 * The accounts schemas and contracts (and zod with them) are fetched on first use, off the sign-up
 * pages' first load: built as the page loaded, they held a phone's main thread while it was being taken
 * over. The forms start on them once someone starts on a form.
 */
export const loadAccountsSchemas = () => import('@trustleaf/domain/schemas/accounts');

/** The accounts contracts, fetched on first use like the schemas they are built from. */
export const loadAccountsContracts = () => import('@trustleaf/domain/api/accounts');

/** The team contracts (an invitation's details on the personal sign-up page), fetched on first use. */
export const loadTeamContracts = () => import('@trustleaf/domain/api/team');
