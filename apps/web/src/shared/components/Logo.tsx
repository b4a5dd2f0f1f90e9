import { useTranslation } from 'react-i18next';

/** Product logo: the "BI" mark and the product name. */
export function Logo({ size = 'default' }: { size?: 'default' | 'large' }) {
  const { t } = useTranslation();
  return (
    <span className={`bi-logo bi-logo--${size}`} data-testid="logo">
      <span className="bi-logo__mark" aria-hidden="true">
        {t('app.logo')}
      </span>
      <span className="bi-logo__name">{t('app.name')}</span>
    </span>
  );
}
