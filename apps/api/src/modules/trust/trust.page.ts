import { PLATFORM_TIME_ZONE } from '@trustleaf/domain/rules/document-status';
import { SEAL_TOOLTIP_HIDE_MS, SEAL_TOOLTIP_SHOW_MS } from '@trustleaf/domain/rules/trust-seal';
import { documentTypeText } from '@trustleaf/domain/reference/seeded-catalog';
import {
  companyTypeText,
  trustText,
  type TrustTextKey,
} from '@trustleaf/domain/reference/trust-profile-text';
import { TRUST_LANGUAGES, type TrustLanguage, type TrustProfile } from '@trustleaf/domain/schemas/trust';
import { SEAL_KEYS_PATH, SEAL_REVOCATIONS_PATH } from '@trustleaf/scanner/seal';
import { LANGUAGE_FOOTER_STYLE, languageFooter } from '../../lib/language-footer.ts';
import { escapeHtml } from '../../lib/mailer.ts';

/**
 * The public trust profile as one server-rendered HTML document (issue 21): readable by a search
 * engine without scripts, no script at all, styles inline, one image at most (the logo), so it is
 * small and fast on a phone. The seal's "blockchain verified" tooltip (spec 2 §2: shown at 0.5 s,
 * hidden at 5.5 s) is a CSS animation on hover and keyboard focus.
 */

const BRAND = '#1b5e20';

function dayText(day: string, language: TrustLanguage): string {
  return new Intl.DateTimeFormat(language, { dateStyle: 'long', timeZone: 'UTC' }).format(
    new Date(`${day}T00:00:00Z`),
  );
}

function instantText(iso: string, language: TrustLanguage): string {
  return new Intl.DateTimeFormat(language, {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZone: PLATFORM_TIME_ZONE,
    timeZoneName: 'short',
  }).format(new Date(iso));
}

/** A shield with a leaf and a tick: the seal's mark, inline in the page and in the badge. */
function sealMark(size: number, colour: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 24 24" aria-hidden="true" focusable="false"><path fill="${colour}" d="M12 1 3 5v6c0 5.6 3.8 10.7 9 12 5.2-1.3 9-6.4 9-12V5z"/><path fill="#fff" d="m10 16.2-4.2-4.2 1.4-1.4 2.8 2.8 6.8-6.8 1.4 1.4z"/></svg>`;
}

// The tooltip starts beside the seal mark (about 7 rem from a phone's left edge): its width leaves
// that room, so even hidden (it keeps its box) it never widens the page at 360 px.
const STYLE = (() => {
  const showAt = ((SEAL_TOOLTIP_SHOW_MS / SEAL_TOOLTIP_HIDE_MS) * 100).toFixed(2);
  return `*{box-sizing:border-box}body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1a1a1a;background:#f6f7f6}
header,main,footer{max-width:46rem;margin:0 auto;padding:0 1rem}
header{padding-top:1rem;color:${BRAND};font-weight:700}
.card{background:#fff;border:1px solid #d9ded9;border-radius:8px;padding:1rem 1.25rem;margin:1rem 0}
.company{display:flex;gap:1rem;align-items:center}
.company img{width:72px;height:72px;object-fit:contain;border-radius:6px;border:1px solid #d9ded9;background:#fff}
h1{font-size:1.6rem;margin:.2rem 0}h2{font-size:1.15rem;margin:0 0 .5rem}
dl{display:grid;grid-template-columns:max-content 1fr;gap:.25rem 1rem;margin:.75rem 0 0}dt{color:#4a4f4a}dd{margin:0}
ul{padding-left:1.2rem;margin:.5rem 0}li{margin:.25rem 0}
.ok{color:${BRAND};font-weight:600}.no{color:#8a1c1c;font-weight:600}
.seal{display:flex;gap:.75rem;align-items:flex-start}.seal p{margin:.25rem 0}
.tip-wrap{position:relative;display:inline-block;margin-top:.25rem}
.tip-wrap button{font:inherit;color:${BRAND};background:none;border:0;padding:0;text-decoration:underline dotted;cursor:help}
.tip{position:absolute;left:0;top:calc(100% + 6px);z-index:1;width:min(30rem,calc(100vw - 8rem));padding:.6rem .8rem;border-radius:6px;background:#1f2a1f;color:#fff;font-size:.875rem;visibility:hidden;opacity:0}
.tip-wrap:hover .tip,.tip-wrap:focus-within .tip{animation:tip ${SEAL_TOOLTIP_HIDE_MS}ms linear forwards}
@keyframes tip{0%,${showAt}%{visibility:hidden;opacity:0}${(Number(showAt) + 0.01).toFixed(2)}%,99.9%{visibility:visible;opacity:1}100%{visibility:hidden;opacity:0}}
code{font-size:.8rem;word-break:break-all;background:#eef1ee;padding:.1rem .3rem;border-radius:4px}
a{color:${BRAND}}.muted{color:#4a4f4a;font-size:.9rem}
footer{padding-bottom:2rem}${LANGUAGE_FOOTER_STYLE}`;
})();

export function renderProfilePage(profile: TrustProfile, language: TrustLanguage, appUrl: string): string {
  const t = (key: TrustTextKey, values?: Record<string, string | number>) =>
    escapeHtml(trustText(language, key, values));
  const name = escapeHtml(profile.company.name);
  const company = profile.company;
  const locations = company.locations
    .map((l) => [l.city, l.state, l.country].filter(Boolean).join(', '))
    .filter(Boolean);
  const link = (lang: TrustLanguage) => `${profile.profileUrl}?lang=${lang}`;

  const documents =
    profile.documents.length === 0
      ? `<p>${t('noRequiredDocuments')}</p>`
      : `<ul>${profile.documents
          .map(
            (d) =>
              `<li>${t('documentLine', { name: documentTypeText(language, d) })}${
                d.verified
                  ? `<span class="ok">${
                      d.expires
                        ? t('documentVerifiedUntil', { date: dayText(d.expires, language) })
                        : t('documentVerified')
                    }</span>`
                  : `<span class="no">${t('documentNotVerified')}</span>`
              }</li>`,
          )
          .join('')}</ul>`;

  let scan = `<p>${t('scanNone')}</p>`;
  if (profile.scan) {
    const values = {
      date: instantText(profile.scan.checkedAt, language),
      site: new URL(profile.scan.url).host,
      count: profile.scan.issuesFound,
    };
    const key: TrustTextKey =
      profile.scan.issuesFound === 0
        ? 'scanClean'
        : new Intl.PluralRules(language).select(profile.scan.issuesFound) === 'one'
          ? 'scanIssues_one'
          : 'scanIssues_other';
    scan = `<p>${t(key, values)}</p>`;
  }

  const origin = appUrl.replace(/\/+$/, '');
  const sealUrl = `${profile.profileUrl}/seal.json`;
  const seal = profile.seal
    ? `<div class="seal">${sealMark(56, BRAND)}<div>
<p class="ok">${t('sealActive')}</p>
<p>${t('sealActiveText')}</p>
<p class="muted">${t('sealValidUntil', { date: instantText(profile.seal.expiresAt, language) })}</p>
<div class="tip-wrap"><button type="button" aria-describedby="seal-tip">${t('howVerified')}</button><span role="tooltip" id="seal-tip" class="tip">${t('tooltip')}</span></div>
<p class="muted"><a href="${escapeHtml(sealUrl)}">${t('sealFile')}</a> · <a href="${origin}${SEAL_KEYS_PATH}">${t('publicKeys')}</a> · <a href="${origin}${SEAL_REVOCATIONS_PATH}">${t('revocationList')}</a></p>
<p class="muted">${t('verifyCommand', { command: '' })}<code>npx trustleaf-scan verify ${escapeHtml(sealUrl)}</code></p>
</div></div>`
    : `<div class="seal">${sealMark(56, '#6b716b')}<div><p class="no">${t('sealInactive')}</p><p>${t('sealInactiveText')}</p></div></div>`;

  const logo = company.logoUrl
    ? `<img src="${escapeHtml(company.logoUrl)}" alt="" width="72" height="72" decoding="async">`
    : '';
  const title = t('pageTitle', { name: profile.company.name });
  const description = t('metaDescription', { name: profile.company.name });

  return `<!doctype html>
<html lang="${language}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title}</title>
<meta name="description" content="${description}">
<link rel="canonical" href="${escapeHtml(profile.profileUrl)}">
${TRUST_LANGUAGES.map((l) => `<link rel="alternate" hreflang="${l}" href="${escapeHtml(link(l))}">`).join('\n')}
<link rel="alternate" hreflang="x-default" href="${escapeHtml(profile.profileUrl)}">
<meta property="og:type" content="profile">
<meta property="og:title" content="${title}">
<meta property="og:description" content="${description}">
<meta property="og:url" content="${escapeHtml(profile.profileUrl)}">
<link rel="icon" href="data:,">
<style>${STYLE}</style>
</head>
<body>
<header>Trustleaf · ${t('trustProfile')}</header>
<main>
<section class="card company" aria-labelledby="company-name">
${logo}<div><h1 id="company-name">${name}</h1>
<dl>
<dt>${t('businessType')}</dt><dd>${company.businessType ? escapeHtml(companyTypeText(language, company.businessType)) : t('notStated')}</dd>
<dt>${t('locations')}</dt><dd>${locations.length ? locations.map(escapeHtml).join('<br>') : t('notStated')}</dd>
<dt>${t('memberSince')}</dt><dd>${escapeHtml(dayText(company.memberSince, language))}</dd>
</dl></div>
</section>
<section class="card" aria-labelledby="seal-heading" data-testid="seal">
<h2 id="seal-heading">${t('seal')}</h2>
${seal}
</section>
<section class="card" aria-labelledby="documents-heading">
<h2 id="documents-heading">${t('requiredDocuments')}</h2>
<p class="muted">${t('documentsIntro')}</p>
${documents}
</section>
<section class="card" aria-labelledby="scan-heading">
<h2 id="scan-heading">${t('latestScan')}</h2>
${scan}
</section>
</main>
${languageFooter(t('language'), language, (l) => link(l))}
</body>
</html>
`;
}

/** Rough width of a label in 11 px sans-serif: enough to size the badge without a font. */
const textWidth = (text: string) => Math.ceil([...text].length * 6.6);

/**
 * The embeddable badge: green with the mark while the seal holds, grey "not active" otherwise. It
 * never states more than the live seal does; its cache lifetime is capped by the seal's window.
 */
export function renderBadge(options: {
  active: boolean;
  companyName: string;
  language: TrustLanguage;
}): string {
  const label = trustText(options.language, options.active ? 'badgeVerified' : 'badgeInactive');
  const name = options.companyName.length > 40 ? `${options.companyName.slice(0, 39)}…` : options.companyName;
  const colour = options.active ? BRAND : '#6b716b';
  const width = 34 + Math.max(textWidth(label), textWidth(name));
  const title = `${label}: ${options.companyName}`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="40" viewBox="0 0 ${width} 40" role="img" aria-label="${escapeHtml(title)}"><title>${escapeHtml(title)}</title><rect width="${width}" height="40" rx="6" fill="${colour}"/><g transform="translate(6 8)"><path fill="#fff" d="M12 1 3 5v6c0 5.6 3.8 10.7 9 12 5.2-1.3 9-6.4 9-12V5z" transform="scale(1)"/><path fill="${colour}" d="m10 16.2-4.2-4.2 1.4-1.4 2.8 2.8 6.8-6.8 1.4 1.4z"/></g><g fill="#fff" font-family="system-ui,-apple-system,Segoe UI,Roboto,sans-serif" font-size="11"><text x="30" y="17" font-weight="700">${escapeHtml(label)}</text><text x="30" y="31">${escapeHtml(name)}</text></g></svg>`;
}
