import { Box, Button, Group, Slider, Stack, Text, Title } from '@mantine/core';
import { useEffect, useId, useState } from 'react';
import Cropper, { type Area } from 'react-easy-crop';
import { useTranslation } from 'react-i18next';
import { CROP_ROTATION, CROP_ZOOM, type CropArea } from '../../domain/documents';
import classes from './documents.module.css';

// spec 001 §5, spec 002 §5 "image crop dialog": the chosen photo in react-easy-crop (drag, pinch, or the arrow keys
// on the focused crop area), zoom 0.1…3 step 0.1 and rotation −180…180 step 1 as labelled sliders (keyboard:
// arrows, Page Up/Down, Home/End), then Apply (the area in the photo's pixels), Use whole photo, or Choose another
// file. The crop frame takes the photo's own proportions, so an untouched crop is the whole photo.

export interface CropStepProps {
  /** The photo before cropping. */
  original: { blob: Blob; name: string };
  busy: boolean;
  onApply: (area: CropArea, rotation: number) => void;
  onSkip: () => void;
  onChooseAnother: () => void;
}

/** The photo's bytes as an address the cropper's <img> can load, released when the photo changes. */
function useObjectUrl(blob: Blob): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    const created = URL.createObjectURL(blob);
    setUrl(created);
    return () => URL.revokeObjectURL(created);
  }, [blob]);
  return url;
}

const round = (value: number) => Math.round(value);

interface CropSliderProps {
  label: string;
  /** The value in words, shown beside the label and read out for the thumb. */
  valueText: string;
  value: number;
  onChange: (value: number) => void;
  range: { min: number; max: number; step: number };
  precision?: number;
  marks?: { value: number }[];
  disabled: boolean;
}

/** One of the crop's sliders: its name and value above it (shown; the thumb carries both for assistive tech). */
function CropSlider({ label, valueText, value, onChange, range, precision, marks, disabled }: CropSliderProps) {
  return (
    <Box>
      <Group justify="space-between" gap="xs">
        <Text fw={500} size="sm" aria-hidden>
          {label}
        </Text>
        <Text size="sm" aria-hidden>
          {valueText}
        </Text>
      </Group>
      <Slider
        value={value}
        onChange={onChange}
        min={range.min}
        max={range.max}
        step={range.step}
        precision={precision}
        marks={marks}
        label={null}
        disabled={disabled}
        thumbLabel={label}
        thumbValueText={valueText}
      />
    </Box>
  );
}

export function CropStep({ original, busy, onApply, onSkip, onChooseAnother }: CropStepProps) {
  const { t, i18n } = useTranslation('documents');
  const url = useObjectUrl(original.blob);
  const [crop, setCrop] = useState({ x: 0, y: 0 });
  const [zoom, setZoom] = useState<number>(CROP_ZOOM.initial);
  const [rotation, setRotation] = useState<number>(CROP_ROTATION.initial);
  const [aspect, setAspect] = useState(3 / 4);
  const [area, setArea] = useState<CropArea | null>(null);
  const helpId = useId();
  const zoomText = new Intl.NumberFormat(i18n.language, { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(zoom);
  return (
    <Stack gap="md">
      <Title order={3} size="h4" tabIndex={-1} data-step-title>
        {t('upload.crop.title')}
      </Title>
      <Text size="sm" id={helpId}>
        {t('upload.crop.help')}
      </Text>
      <Box pos="relative" h={{ base: 280, xs: 360 }} bg="dark.7" style={{ borderRadius: 8, overflow: 'hidden' }} data-testid="crop-area">
        {url !== null ? (
          <Cropper
            image={url}
            crop={crop}
            zoom={zoom}
            rotation={rotation}
            aspect={aspect}
            minZoom={CROP_ZOOM.min}
            maxZoom={CROP_ZOOM.max}
            // Zooming out below 1 shows the whole page inside the frame; the crop may then reach past the photo.
            restrictPosition={false}
            onCropChange={setCrop}
            onZoomChange={setZoom}
            onRotationChange={setRotation}
            onMediaLoaded={(media) => setAspect(media.naturalWidth / media.naturalHeight)}
            onCropComplete={(_, pixels: Area) => setArea({ x: round(pixels.x), y: round(pixels.y), width: round(pixels.width), height: round(pixels.height) })}
            mediaProps={{ alt: original.name }}
            classes={{ cropAreaClassName: classes.cropArea }}
            cropperProps={{ role: 'group', 'aria-label': t('upload.crop.area'), 'aria-describedby': helpId }}
          />
        ) : null}
      </Box>
      <CropSlider
        label={t('upload.crop.zoom')}
        valueText={t('upload.crop.zoomValue', { zoom: zoomText })}
        value={zoom}
        onChange={setZoom}
        range={CROP_ZOOM}
        precision={1}
        disabled={busy}
      />
      <CropSlider
        label={t('upload.crop.rotation')}
        valueText={t('upload.crop.rotationValue', { degrees: rotation })}
        value={rotation}
        onChange={setRotation}
        range={CROP_ROTATION}
        marks={[{ value: -90 }, { value: 0 }, { value: 90 }]}
        disabled={busy}
      />
      {busy ? (
        <Text role="status" size="sm">
          {t('upload.crop.applying')}
        </Text>
      ) : null}
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Button variant="subtle" onClick={onChooseAnother} disabled={busy}>
          {t('upload.crop.another')}
        </Button>
        <Group gap="sm">
          <Button variant="default" onClick={onSkip} disabled={busy}>
            {t('upload.crop.skip')}
          </Button>
          <Button onClick={() => (area !== null ? onApply(area, rotation) : onSkip())} loading={busy} data-autofocus>
            {t('upload.crop.apply')}
          </Button>
        </Group>
      </Group>
    </Stack>
  );
}
