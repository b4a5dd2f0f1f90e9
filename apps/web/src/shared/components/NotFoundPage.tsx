import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';

/** Shown for paths outside the route table. */
export function NotFoundPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <section className="bi-page" data-testid="page-not-found">
      <Result
        status="404"
        title="404"
        subTitle={t('pages.notFound')}
        extra={
          <Button type="primary" onClick={() => void navigate('/dashboard')}>
            {t('pages.backHome')}
          </Button>
        }
      />
    </section>
  );
}
