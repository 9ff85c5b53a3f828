import { DIRECTORY_QUERY_MIN, type DirectoryPage } from '@trustleaf/domain/schemas/directory';
import { directoryText, type DirectoryTextKey } from '@trustleaf/domain/reference/directory-text';
import { TRUST_LANGUAGES, type TrustLanguage } from '@trustleaf/domain/schemas/trust';
import { LANGUAGE_FOOTER_STYLE, languageFooter } from '../../lib/language-footer.ts';
import { escapeHtml } from '../../lib/mailer.ts';
import type { DirectoryRepository } from './directory.repository.ts';

/**
 * The public directory as one server-rendered HTML document (issue 21), like the trust profile: no
 * script, styles inline, no image, a plain GET form, so it is small, fast on a phone and readable by
 * a search engine. Each company links to its trust profile.
 */

const BRAND = '#1b5e20';

const STYLE = `*{box-sizing:border-box}body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1a1a1a;background:#f6f7f6}
header,main,footer{max-width:52rem;margin:0 auto;padding:0 1rem}
header{padding-top:1rem;color:${BRAND};font-weight:700}
h1{font-size:1.6rem;margin:.5rem 0}h2{font-size:1.15rem;margin:1rem 0 .5rem}
.card{background:#fff;border:1px solid #d9ded9;border-radius:8px;padding:1rem 1.25rem;margin:1rem 0}
form{display:grid;grid-template-columns:repeat(auto-fit,minmax(13rem,1fr));gap:.75rem 1rem;align-items:end}
label{display:block;font-weight:600;font-size:.95rem}
input[type=search],select{display:block;width:100%;margin-top:.25rem;font:inherit;padding:.45rem .5rem;border:1px solid #6b716b;border-radius:6px;background:#fff;color:#1a1a1a}
.check{display:flex;gap:.5rem;align-items:center;font-weight:600}.check input{width:1.25rem;height:1.25rem;margin:0}
button{font:inherit;font-weight:600;color:#fff;background:${BRAND};border:0;border-radius:6px;padding:.55rem 1.25rem;min-height:2.75rem;cursor:pointer}
.hint{font-weight:400;color:#4a4f4a;font-size:.85rem}
ul.results{list-style:none;padding:0;margin:0}
ul.results li{background:#fff;border:1px solid #d9ded9;border-radius:8px;padding:.75rem 1rem;margin:.5rem 0}
ul.results a{font-weight:700;font-size:1.05rem}
.meta{color:#4a4f4a;font-size:.9rem;margin:.15rem 0 0}
.seal{display:inline-block;margin-left:.5rem;padding:0 .5rem;border-radius:999px;background:${BRAND};color:#fff;font-size:.8rem;font-weight:600;vertical-align:middle}
.alert{color:#8a1c1c;font-weight:600}
a{color:${BRAND}}nav.paging{display:flex;gap:1.5rem;margin:1rem 0}
footer{padding:1rem 1rem 2rem}${LANGUAGE_FOOTER_STYLE}`;

export interface DirectoryView {
  language: TrustLanguage;
  /** The form's values as the visitor sent them (echoed back, escaped). */
  form: {
    q: string;
    plBusinessTypeId: string;
    state: string;
    plSegmentId: string;
    seal: boolean;
    sort: string;
  };
  choices: Awaited<ReturnType<DirectoryRepository['filterChoices']>>;
  /** The page of results, or why the search could not run. */
  result: DirectoryPage | { error: 'queryTooShort' | 'invalidSearch' | 'searchTooSlow' };
  appUrl: string;
}

function dayText(day: string, language: TrustLanguage): string {
  return new Intl.DateTimeFormat(language, { dateStyle: 'long', timeZone: 'UTC' }).format(
    new Date(`${day}T00:00:00Z`),
  );
}

function option(value: string | number, label: string, selected: string): string {
  const text = String(value);
  return `<option value="${escapeHtml(text)}"${text === selected ? ' selected' : ''}>${escapeHtml(label)}</option>`;
}

/** The query string of this search with some values changed (paging, language). */
function searchHref(view: DirectoryView, changes: Record<string, string>): string {
  const params = new URLSearchParams();
  const values: Record<string, string> = {
    q: view.form.q,
    plBusinessTypeId: view.form.plBusinessTypeId,
    state: view.form.state,
    plSegmentId: view.form.plSegmentId,
    seal: view.form.seal ? 'true' : '',
    sort: view.form.sort,
    lang: view.language,
    ...changes,
  };
  for (const [key, value] of Object.entries(values)) if (value) params.set(key, value);
  return `/directory?${params.toString()}`;
}

export function renderDirectoryPage(view: DirectoryView): string {
  const { language, form, choices, result } = view;
  const t = (key: DirectoryTextKey, values?: Record<string, string | number>) =>
    escapeHtml(directoryText(language, key, values));
  const origin = view.appUrl.replace(/\/+$/, '');

  let results: string;
  if ('error' in result) {
    results = `<p class="alert" role="alert">${t(result.error)}</p>`;
  } else if (result.items.length === 0) {
    results = `<p>${t('noResults')}</p>`;
  } else {
    const items = result.items
      .map((entry) => {
        const place = [entry.city, entry.state, entry.country].filter(Boolean).join(', ');
        const meta = [
          entry.businessType,
          place,
          directoryText(language, 'memberSince', { date: dayText(entry.memberSince, language) }),
        ]
          .filter(Boolean)
          .map((part) => escapeHtml(part!))
          .join(' · ');
        const seal = entry.hasSeal ? `<span class="seal">${t('sealActive')}</span>` : '';
        return `<li><a href="/trust/${escapeHtml(entry.slug)}?lang=${language}">${escapeHtml(entry.name)}</a>${seal}<p class="meta">${meta}</p></li>`;
      })
      .join('');
    const links: string[] = [];
    if (result.page > 1)
      links.push(
        `<a href="${escapeHtml(searchHref(view, { page: String(result.page - 1) }))}" rel="prev">${t('previous')}</a>`,
      );
    if (result.hasMore)
      links.push(
        `<a href="${escapeHtml(searchHref(view, { page: String(result.page + 1) }))}" rel="next">${t('next')}</a>`,
      );
    const paging = links.length
      ? `<nav class="paging" aria-label="${t('paging')}"><span>${t('pageNumber', { page: result.page })}</span>${links.join('')}</nav>`
      : '';
    results = `<ul class="results">${items}</ul>${paging}`;
  }

  const sorts = [
    ...(form.q ? [option('relevance', directoryText(language, 'sortRelevance'), form.sort)] : []),
    option('name', directoryText(language, 'sortName'), form.sort),
    option('newest', directoryText(language, 'sortNewest'), form.sort),
  ].join('');
  const stateGroups = ['US', 'CA']
    .map((country) => {
      const list = choices.states.filter((s) => s.country === country);
      return list.length
        ? `<optgroup label="${country}">${list.map((s) => option(s.abbreviation, s.name, form.state)).join('')}</optgroup>`
        : '';
    })
    .join('');

  return `<!doctype html>
<html lang="${language}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${t('pageTitle')}</title>
<meta name="description" content="${t('metaDescription')}">
<link rel="canonical" href="${escapeHtml(`${origin}/directory`)}">
${TRUST_LANGUAGES.map((l) => `<link rel="alternate" hreflang="${l}" href="${escapeHtml(`${origin}/directory?lang=${l}`)}">`).join('\n')}
<link rel="icon" href="data:,">
<style>${STYLE}</style>
</head>
<body>
<header>Trustleaf · ${t('directory')}</header>
<main>
<h1>${t('heading')}</h1>
<p>${t('intro')}</p>
<section class="card" aria-label="${t('submit')}">
<form method="get" action="/directory" role="search">
<input type="hidden" name="lang" value="${language}">
<div><label for="q">${t('search')} <span class="hint" id="q-hint">${t('searchHint')}</span></label>
<input type="search" id="q" name="q" value="${escapeHtml(form.q)}" minlength="${DIRECTORY_QUERY_MIN}" maxlength="100" autocomplete="off" aria-describedby="q-hint"></div>
<div><label for="type">${t('businessType')}</label><select id="type" name="plBusinessTypeId">${option('', directoryText(language, 'any'), form.plBusinessTypeId)}${choices.businessTypes.map((b) => option(b.id, b.name, form.plBusinessTypeId)).join('')}</select></div>
<div><label for="state">${t('state')}</label><select id="state" name="state">${option('', directoryText(language, 'any'), form.state)}${stateGroups}</select></div>
<div><label for="segment">${t('segment')}</label><select id="segment" name="plSegmentId">${option('', directoryText(language, 'any'), form.plSegmentId)}${choices.segments.map((s) => option(s.id, s.name, form.plSegmentId)).join('')}</select></div>
<div><label for="sort">${t('sort')}</label><select id="sort" name="sort">${sorts}</select></div>
<div class="check"><input type="checkbox" id="seal" name="seal" value="true"${form.seal ? ' checked' : ''}><label for="seal">${t('sealOnly')}</label></div>
<div><button type="submit">${t('submit')}</button></div>
</form>
</section>
<section aria-labelledby="results-heading">
<h2 id="results-heading">${t('results')}</h2>
${results}
</section>
</main>
${languageFooter(t('language'), language, (l) => searchHref(view, { lang: l, page: '' }))}
</body>
</html>
`;
}
