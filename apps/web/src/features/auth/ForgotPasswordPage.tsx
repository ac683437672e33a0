import { useTranslation } from 'react-i18next';
import { forgotPassword } from './api';
import { EmailRequestForm } from './EmailRequestForm';

export default function ForgotPasswordPage() {
  const { t } = useTranslation();
  return (
    <EmailRequestForm
      title={t('forgotPassword.title')}
      intro={t('forgotPassword.intro')}
      submitLabel={t('forgotPassword.submit')}
      sentText={t('forgotPassword.sent')}
      send={forgotPassword}
      testId="forgot-password"
    />
  );
}
