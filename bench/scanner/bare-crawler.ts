// The baseline: what a crawler needs at the least — global fetch, a regex for links and one for the
// claim words — with the same concurrency as the scanner.
const HREF = /href="([^"#]+)"/g;
const TERMS = /\b(cures?|treats?|relieves?|reduces?|prevents?|clinically proven|fda approved|miracle)\b/gi;

export async function bareCrawl(
  start: string,
  maxPages: number,
  concurrency: number,
): Promise<{ pages: number; hits: number }> {
  const origin = new URL(start).origin;
  const seen = new Set<string>([new URL(start).href]);
  const queue = [new URL(start).href];
  let pages = 0;
  let hits = 0;
  let active = 0;
  await new Promise<void>((resolve, reject) => {
    const pump = () => {
      if (queue.length === 0 && active === 0) return resolve();
      while (active < concurrency && queue.length > 0) {
        const url = queue.shift()!;
        active++;
        fetch(url)
          .then(async (res) => {
            const html = await res.text();
            if (!res.ok || !(res.headers.get('content-type') ?? '').includes('text/html')) return;
            pages++;
            hits += html.match(TERMS)?.length ?? 0;
            for (const m of html.matchAll(HREF)) {
              const next = new URL(m[1]!, url);
              if (next.origin !== origin || seen.has(next.href) || seen.size >= maxPages) continue;
              seen.add(next.href);
              queue.push(next.href);
            }
          })
          .then(() => {
            active--;
            pump();
          }, reject);
      }
    };
    pump();
  });
  return { pages, hits };
}
