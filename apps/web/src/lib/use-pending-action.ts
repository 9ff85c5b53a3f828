import { useState } from 'react';
import { useErrorNotice } from '@/lib/error-notice';

/**
 * An action that waits for the reader's confirmation: `ask` holds it (and opens the question),
 * `answer` closes it and, when confirmed, runs it; a failure is an error notice.
 */
export function usePendingAction<P>(run: (action: P) => Promise<void>) {
  const [pending, setPending] = useState<P | null>(null);
  const failed = useErrorNotice();
  const answer = async (confirmed: boolean) => {
    const action = pending;
    setPending(null);
    if (!confirmed || action === null) return;
    try {
      await run(action);
    } catch (error) {
      failed(error);
    }
  };
  return { pending, ask: setPending, answer };
}
