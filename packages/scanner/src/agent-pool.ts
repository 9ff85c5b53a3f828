import type { Agent } from 'undici';
import { createGuardedAgent, parseAllowHosts } from './ssrf-guard.ts';
import type { GuardOptions } from './ssrf-guard.ts';

/**
 * Guarded agents shared by the scans of one process, one per guard configuration, so that keep-alive
 * connections outlive a single scan: a scan that follows an earlier scan of the same site reuses the
 * connections already open instead of opening new ones. Sharing never widens what a
 * connection may reach: every new connection still goes through the guard, and scans with different
 * allow lists or TLS settings never share an agent. Idle sockets are unreferenced by undici and closed
 * after its keep-alive timeout, so a pooled agent does not keep a process alive.
 */
const MAX_IDLE_AGENTS = 8;

interface Entry {
  agent: Agent;
  users: number;
  lastUsed: number;
}

const pool = new Map<string, Entry>();

export interface LeasedAgent {
  agent: Agent;
  /** Hands the agent back; call once when the scan is over. */
  release(): Promise<void>;
}

/** A guarded agent for these options: pooled, or (with a custom DNS lookup) the caller's own. */
export function leaseGuardedAgent(options: GuardOptions): LeasedAgent {
  if (options.lookup) {
    // A custom lookup (tests simulating hostile DNS) is not comparable between calls: no sharing.
    const agent = createGuardedAgent(options);
    return { agent, release: () => agent.close() };
  }
  const key = JSON.stringify([
    [...parseAllowHosts(options.allowHosts)].sort(),
    options.rejectUnauthorized ?? true,
    options.connectTimeoutMs ?? null,
  ]);
  let entry = pool.get(key);
  if (!entry) {
    entry = { agent: createGuardedAgent(options), users: 0, lastUsed: 0 };
    pool.set(key, entry);
  }
  entry.users++;
  const leased = entry;
  let released = false;
  return {
    agent: leased.agent,
    release: async () => {
      if (released) return;
      released = true;
      leased.users--;
      leased.lastUsed = performance.now();
      await closeSurplus();
    },
  };
}

/** Closes the least recently used idle agents beyond MAX_IDLE_AGENTS. */
async function closeSurplus(): Promise<void> {
  const idle = [...pool.entries()]
    .filter(([, e]) => e.users === 0)
    .sort((a, b) => a[1].lastUsed - b[1].lastUsed);
  const closing: Array<Promise<void>> = [];
  for (const [key, entry] of idle.slice(0, Math.max(0, idle.length - MAX_IDLE_AGENTS))) {
    pool.delete(key);
    closing.push(entry.agent.close());
  }
  await Promise.all(closing);
}
