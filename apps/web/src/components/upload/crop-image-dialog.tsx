import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Slider from '@mui/material/Slider';
import { useEffect, useId, useState } from 'react';
import Cropper, { type Area } from 'react-easy-crop';
import { useTranslation } from 'react-i18next';
import { useExtraLocale } from '@/lib/locale-bundle';

/** Spec 1 §9 crop defaults: the crop frame takes 0.75 of the 400 px viewer; the output is PNG. */
export const CROP_AREA = 0.75;
export const CROP_VIEWER_HEIGHT = 400;
export const CROP_OUTPUT_TYPE = 'image/png';

/** Draws the chosen area of the image onto a canvas and returns it as a PNG file. */
export async function cropToFile(imageUrl: string, area: Area, name: string): Promise<File> {
  const image = new Image();
  image.src = imageUrl;
  await image.decode();
  const canvas = document.createElement('canvas');
  canvas.width = Math.max(1, Math.round(area.width));
  canvas.height = Math.max(1, Math.round(area.height));
  const context = canvas.getContext('2d');
  if (!context) throw new Error('Canvas is not available');
  context.drawImage(image, area.x, area.y, area.width, area.height, 0, 0, canvas.width, canvas.height);
  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, CROP_OUTPUT_TYPE));
  if (!blob) throw new Error('The image could not be cropped');
  return new File([blob], `${name.replace(/\.[^.]+$/, '') || 'image'}.png`, { type: CROP_OUTPUT_TYPE });
}

/** Spec 1 §2 item 7: the Crop Image dialog, with Close and Crop. */
export function CropImageDialog({
  file,
  aspect = 1,
  onClose,
  onCropped,
}: {
  file: File | null;
  aspect?: number;
  onClose: () => void;
  onCropped: (file: File) => void;
}) {
  useExtraLocale();
  const { t } = useTranslation();
  const titleId = useId();
  const [imageUrl, setImageUrl] = useState<string | null>(null);
  const [crop, setCrop] = useState({ x: 0, y: 0 });
  const [zoom, setZoom] = useState(1);
  const [area, setArea] = useState<Area | null>(null);
  const [isBusy, setIsBusy] = useState(false);

  useEffect(() => {
    if (!file) return;
    const url = URL.createObjectURL(file);
    setImageUrl(url);
    setCrop({ x: 0, y: 0 });
    setZoom(1);
    return () => URL.revokeObjectURL(url);
  }, [file]);

  const side = CROP_VIEWER_HEIGHT * CROP_AREA;
  return (
    <Dialog open={Boolean(file)} onClose={onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <DialogTitle id={titleId}>{t('inputs.crop.title')}</DialogTitle>
      <DialogContent>
        <Box
          sx={{ position: 'relative', height: CROP_VIEWER_HEIGHT, bgcolor: 'grey.900', borderRadius: 1 }}
          data-testid="crop-viewer"
        >
          {imageUrl ? (
            <Cropper
              image={imageUrl}
              crop={crop}
              zoom={zoom}
              aspect={aspect}
              cropSize={{
                width: aspect >= 1 ? side : side * aspect,
                height: aspect >= 1 ? side / aspect : side,
              }}
              onCropChange={setCrop}
              onZoomChange={setZoom}
              onCropComplete={(_, pixels) => setArea(pixels)}
            />
          ) : null}
        </Box>
        <Slider
          value={zoom}
          min={1}
          max={3}
          step={0.05}
          onChange={(_, value) => setZoom(value)}
          aria-label={t('inputs.crop.zoom')}
          sx={{ mt: 2 }}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('inputs.crop.close')}</Button>
        <Button
          variant="contained"
          loading={isBusy}
          disabled={!area || !imageUrl || !file}
          onClick={() => {
            if (!area || !imageUrl || !file) return;
            setIsBusy(true);
            void cropToFile(imageUrl, area, file.name)
              .then(onCropped)
              .finally(() => setIsBusy(false));
          }}
        >
          {t('inputs.crop.crop')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
