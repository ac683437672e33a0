import { useTranslation } from 'react-i18next';
import { AuthCard } from '../../ui/AuthCard';
import { RouteLink } from '../../ui/RouteLink';
import { verifyTwoFactor } from './api';
import { TwoFactorCodeForm } from './TwoFactorCodeForm';

export default function TwoFactorVerifyPage() {
  const { t } = useTranslation();
  return (
    <AuthCard title={t('twoFactor.verifyTitle')} intro={t('twoFactor.verifyIntro')}>
      <TwoFactorCodeForm submit={verifyTwoFactor} submitLabel={t('twoFactor.verify')} />
      <RouteLink route="logout" size="sm">
        {t('common.backToLogin')}
      </RouteLink>
    </AuthCard>
  );
}
