/** One key per checkout: a double click or a retried request charges once. */
export const newIdempotencyKey = (): string => `web-${crypto.randomUUID()}`;
