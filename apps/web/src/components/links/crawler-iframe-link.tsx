import Link, { type LinkProps } from '@mui/material/Link';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { crawlerIframeHref } from '@trustleaf/domain/rules/crawler-link';
import { useExtraLocale } from '@/lib/locale-bundle';
import { visuallyHidden } from '@/components/visually-hidden';

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
      {children} <span style={visuallyHidden}>{t('crawler.newTab')}</span>
    </Link>
  );
}
