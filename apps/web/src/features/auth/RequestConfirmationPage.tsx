import { useTranslation } from 'react-i18next';
import { requestConfirmation } from './api';
import { EmailRequestForm } from './EmailRequestForm';

export default function RequestConfirmationPage() {
  const { t } = useTranslation();
  return (
    <EmailRequestForm
      title={t('requestConfirmation.title')}
      intro={t('requestConfirmation.intro')}
      submitLabel={t('requestConfirmation.submit')}
      sentText={t('requestConfirmation.sent')}
      send={requestConfirmation}
      testId="request-confirmation"
    />
  );
}
