import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ButtonBase from '@mui/material/ButtonBase';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import type { Violation } from '@trustleaf/domain/schemas/webcrawler';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { visuallyHidden } from '@/components/visually-hidden';
import { useFindingSnapshot } from '../api/get-finding-snapshot';
import { useIssueImage } from '../api/get-issue-image';

/**
 * A finding's image in the report: wide enough that a snapshot's highlighted words are legible
 * (a region 400 to 800 px wide shown up to 320 px wide), the whole of it a click away.
 */
const issueImageSx = {
  display: 'block',
  width: 320,
  maxWidth: '100%',
  height: 'auto',
  maxHeight: 240,
  objectFit: 'contain',
  objectPosition: 'left top',
  borderRadius: 1,
  border: 1,
  borderColor: 'divider',
};

/**
 * An issue image once its query has it: a spinner while it loads, nothing when there is none or it
 * is no picture (a 1×1 spacer, a line, a file that does not decode). A click shows it at full size.
 */
function LoadedImage({
  image,
  alt,
  testId,
}: {
  image: { isPending: boolean; data?: { base64: string } | null };
  alt: string;
  testId: string;
}) {
  const { t } = useTranslation();
  const [unusable, setUnusable] = useState<string | null>(null);
  const [enlarged, setEnlarged] = useState(false);
  const [naturalWidth, setNaturalWidth] = useState<number | null>(null);
  if (image.isPending) return <CircularProgress size={20} aria-label={t('webcrawler.report.loading')} />;
  const src = image.data?.base64;
  if (!src || unusable === src) return null;
  return (
    <>
      <ButtonBase
        focusRipple
        aria-haspopup="dialog"
        onClick={() => setEnlarged(true)}
        sx={{ display: 'block', maxWidth: '100%', borderRadius: 1, textAlign: 'left' }}
        data-testid={`${testId}-enlarge`}
      >
        <Box
          component="img"
          src={src}
          alt={alt}
          data-testid={testId}
          sx={issueImageSx}
          onLoad={(event) => {
            const { naturalWidth: width, naturalHeight: height } = event.currentTarget;
            if (width < 2 || height < 2) setUnusable(src);
            else setNaturalWidth(width);
          }}
          onError={() => setUnusable(src)}
        />
        <Box component="span" sx={visuallyHidden}>{` ${t('webcrawler.report.enlargeImage')}`}</Box>
      </ButtonBase>
      <Dialog
        open={enlarged}
        onClose={() => setEnlarged(false)}
        fullWidth
        maxWidth="md"
        slotProps={{ paper: { 'aria-label': alt } }}
      >
        <DialogContent sx={{ p: 1 }}>
          <Box
            component="img"
            src={src}
            alt={alt}
            // Twice its size at most: the region's words at a reading size, with the page around them.
            sx={{
              display: 'block',
              mx: 'auto',
              width: naturalWidth ? naturalWidth * 2 : '100%',
              maxWidth: '100%',
              height: 'auto',
            }}
            data-testid={`${testId}-full`}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setEnlarged(false)}>{t('webcrawler.report.close')}</Button>
        </DialogActions>
      </Dialog>
    </>
  );
}

export function IssueImage({ imageUrl, pageUrl }: { imageUrl: string; pageUrl: string }) {
  const { t } = useTranslation();
  return (
    <LoadedImage
      image={useIssueImage(imageUrl)}
      alt={t('webcrawler.report.snapshotAlt', { url: pageUrl })}
      testId="issue-image"
    />
  );
}

/** The scan's snapshot of the rendered page, claim highlighted: the issue image of a finding in page text. */
export function PageSnapshot({ violation }: { violation: Violation }) {
  const { t } = useTranslation();
  return (
    <LoadedImage
      image={useFindingSnapshot(violation.complianceFindingId, violation.hasSnapshot)}
      alt={t('webcrawler.report.pageSnapshotAlt', { url: violation.url })}
      testId="issue-snapshot"
    />
  );
}
