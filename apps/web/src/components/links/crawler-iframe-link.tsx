import Link, { type LinkProps } from '@mui/material/Link';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { crawlerIframeHref } from '@trustleaf/domain/rules/crawler-link';
import { useExtraLocale } from '@/lib/locale-bundle';

/** Read by screen readers only: the link says it opens a new tab. */
const VISUALLY_HIDDEN = {
  border: 0,
  clip: 'rect(0 0 0 0)',
  height: 1,
  width: 1,
  margin: -1,
  padding: 0,
  overflow: 'hidden',
  position: 'absolute',
  whiteSpace: 'nowrap',
} as const;

/** Spec 1 §2: opens the crawler iframe page in a new tab, with isVideo (1 or 0) and data (the address). */
export function CrawlerIframeLink({
  address,
  isVideo,
  children,
  ...props
}: { address: string; isVideo: boolean; children: ReactNode } & Omit<LinkProps, 'href' | 'target'>) {
  useExtraLocale();
  const { t } = useTranslation();
  return (
    <Link {...props} href={crawlerIframeHref({ address, isVideo })} target="_blank" rel="noopener noreferrer">
      {children} <span style={VISUALLY_HIDDEN}>{t('crawler.newTab')}</span>
    </Link>
  );
}
