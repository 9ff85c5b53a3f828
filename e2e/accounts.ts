/** The super admin the test server is started with (playwright.config.ts sets ADMIN_EMAIL/PASSWORD). */
export const E2E_ADMIN_EMAIL = 'e2e-admin@trustleaf.local';
export const E2E_ADMIN_PASSWORD = 'E2e-Admin-Passw0rd!';

/** A demo account the seed creates; its password is random, so the reset journey sets one. */
export const DEMO_OWNER_EMAIL = 'owner@greenvalley.example';

/**
 * The demo company's plain member. The shell's reset journey uses it: other journeys reset the
 * owner's password, and reset emails are capped at three an hour per account.
 */
export const DEMO_MEMBER_EMAIL = 'member@greenvalley.example';
