import { Alert, Button, CopyButton, Stack, Text, TextInput } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** A secret shown the one time it exists in the clear (only its hash, or the signing key, stays on the server). */
export function SecretOnce({ label, value, testId }: { label: string; value: string; testId: string }) {
  const { t } = useTranslation();
  return (
    <Stack gap="xs">
      <TextInput
        label={label}
        value={value}
        readOnly
        onFocus={(e) => e.currentTarget.select()}
        styles={{ input: { fontFamily: 'monospace' } }}
        data-testid={testId}
      />
      <CopyButton value={value}>
        {({ copied, copy }) => (
          <Button
            onClick={copy}
            variant={copied ? 'light' : 'filled'}
            leftSection={copied ? <IconCheck size={16} aria-hidden /> : <IconCopy size={16} aria-hidden />}
            data-testid={`${testId}-copy`}
          >
            {copied ? t('api.copied') : t('api.copy')}
          </Button>
        )}
      </CopyButton>
      <Alert color="yellow" variant="light" p="xs">
        <Text size="sm" c="dark.7">
          {t('api.shownOnce')}
        </Text>
      </Alert>
    </Stack>
  );
}
