import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { IconEraser } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import SignaturePadLib from 'signature_pad';

export interface SignatureValue {
  image: string | null;
  name: string;
}

/**
 * A drawn signature (pointer, mouse and touch through signature_pad) and the signee's name (docs/product/hours.md:
 * both required). The canvas keeps its drawing when the dialog resizes; the value is a PNG data URL.
 */
export function SignaturePad({
  value,
  onChange,
  error,
}: {
  value: SignatureValue;
  onChange: (next: SignatureValue) => void;
  error?: string | null;
}) {
  const { t } = useTranslation();
  const canvasRef = useRef<HTMLCanvasElement | null>(null);
  const padRef = useRef<SignaturePadLib | null>(null);
  const [empty, setEmpty] = useState(!value.image);
  const latest = useRef(value);
  latest.current = value;

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    const pad = new SignaturePadLib(canvas, { penColor: '#1a1b1e', backgroundColor: 'rgba(255,255,255,0)' });
    padRef.current = pad;
    const fit = () => {
      const data = pad.toData();
      const ratio = Math.max(window.devicePixelRatio || 1, 1);
      canvas.width = canvas.offsetWidth * ratio;
      canvas.height = canvas.offsetHeight * ratio;
      canvas.getContext('2d')?.scale(ratio, ratio);
      pad.clear();
      pad.fromData(data);
    };
    fit();
    const ended = () => {
      setEmpty(pad.isEmpty());
      onChangeRef.current({ ...latest.current, image: pad.isEmpty() ? null : pad.toDataURL('image/png') });
    };
    pad.addEventListener('endStroke', ended);
    const observer = new ResizeObserver(fit);
    observer.observe(canvas);
    return () => {
      observer.disconnect();
      pad.removeEventListener('endStroke', ended);
      pad.off();
    };
  }, []);

  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;

  const clear = () => {
    padRef.current?.clear();
    setEmpty(true);
    onChange({ ...value, image: null });
  };

  return (
    <Stack gap="xs">
      <div>
        <Text size="sm" fw={500} mb={4} id="signature-label">
          {t('hours.signature.draw')}
        </Text>
        <div className="hours-signature" data-empty={empty || undefined} data-error={error ? true : undefined}>
          <canvas
            ref={canvasRef}
            role="img"
            aria-labelledby="signature-label"
            data-testid="signature-canvas"
            className="hours-signature-canvas"
          />
          {empty && (
            <Text className="hours-signature-hint" size="sm" c="dimmed" aria-hidden>
              {t('hours.signature.hint')}
            </Text>
          )}
        </div>
        {error && (
          <Text size="xs" c="red.8" mt={4} role="alert">
            {error}
          </Text>
        )}
        <Group justify="flex-end" mt={4}>
          <Button
            variant="subtle"
            size="compact-sm"
            leftSection={<IconEraser size={16} />}
            onClick={clear}
            disabled={empty}
          >
            {t('hours.signature.clear')}
          </Button>
        </Group>
      </div>
      <TextInput
        label={t('hours.signature.name')}
        value={value.name}
        onChange={(e) => onChange({ ...value, name: e.currentTarget.value })}
        required
        data-testid="signee-name"
        autoComplete="name"
      />
    </Stack>
  );
}
