import { Anchor, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { SUPPORT_EMAIL } from '../../config';
import { TextPage } from './TextPage';

export default function ContactPage() {
  const { t } = useTranslation();
  return (
    <TextPage
      page="contact"
      sections={2}
      extra={
        <Text size="sm">
          {t('contact.mailUs')}{' '}
          <Anchor href={`mailto:${SUPPORT_EMAIL}`} data-testid="contact-mail">
            {SUPPORT_EMAIL}
          </Anchor>
        </Text>
      }
    />
  );
}
