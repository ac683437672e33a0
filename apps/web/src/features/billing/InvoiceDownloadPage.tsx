import { Anchor, Stack, Text } from '@mantine/core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { DelayedLoader } from '../../ui/DelayedLoader';

/**
 * `i/{id}/{hash}`: the signed link in the invoice mail. It hands the browser to the download, which needs no
 * session (a wrong link answers "not found" there).
 */
export default function InvoiceDownloadPage() {
  const { t } = useTranslation();
  const { id = '', hash = '' } = useParams();
  const href = `/api/i/${encodeURIComponent(id)}/${encodeURIComponent(hash)}`;
  useEffect(() => {
    window.location.replace(href);
  }, [href]);
  return (
    <Stack align="center" mt="xl" gap="sm">
      <DelayedLoader />
      <Text>{t('billing.downloading')}</Text>
      <Anchor href={href}>{t('billing.downloadManually')}</Anchor>
    </Stack>
  );
}
