import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { Alert, App, Button, Card, Checkbox, Form, Input, Select, Typography } from 'antd';
import { useEffect, useState, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { changeLanguage } from '../../../shared/i18n';
import { LANGUAGES, LANGUAGE_LABELS, resolveLanguage } from '../../../shared/i18n/language';
import { browserStorages } from '../../../shared/storage/keys';
import { Logo } from '../../../shared/components/Logo';
import { useLogin } from '../hooks/useLogin';
import type { LoginFormValues } from '../types';
import { clearToken, persistLogin } from '../utils/session';

/** /account/login (spec 01 §2, §5, §7). */
/** The dialog that changes the password a user must change at the first sign-in (the admin module's, given by the router). */
export type ChangePasswordDialogComponent = ComponentType<{ open: boolean; currentPassword: string; onChanged: () => void; onCancel: () => void }>;

export function LoginPage({ ChangePasswordDialog }: { ChangePasswordDialog: ChangePasswordDialogComponent }) {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [form] = Form.useForm<LoginFormValues>();
  const loginMutation = useLogin();
  const [error, setError] = useState<string | null>(null);
  /** signed in with a password an administrator set: the new one is asked for before going on */
  const [mustChange, setMustChange] = useState<string | null>(null);
  const language = resolveLanguage(i18n.language);

  // Validation messages already on screen follow a language switch.
  useEffect(() => {
    const withErrors = form
      .getFieldsError()
      .filter((field) => field.errors.length > 0)
      .map((field) => field.name);
    if (withErrors.length > 0) form.validateFields(withErrors).catch(() => undefined);
  }, [language, form]);

  // One place for a refusal: the alert above the form (no toast as well, which said it twice).
  const showError = (text: string) => setError(text);

  const onFinish = async (values: LoginFormValues) => {
    if (loginMutation.isPending) return;
    setError(null);
    const lang = resolveLanguage(values.lang);
    const autoLogin = Boolean(values.autoLogin);
    const userName = values.userName.trim();
    try {
      const data = await loginMutation.mutateAsync({ userName, password: values.password, autoLogin, lang });
      const code = Number(data?.token?.code);
      const result = data?.token?.result ?? {};
      if (code !== 200 || !result.token) {
        showError(result.message || t('login.failed'));
        return;
      }
      persistLogin(browserStorages(), {
        token: result.token,
        userName: result.userName || userName,
        autoLogin,
        permission: data.permission,
        language: lang,
      });
      message.destroy();
      if (result.mustChangePassword) {
        setMustChange(values.password);
        return;
      }
      await navigate('/dashboard', { replace: true });
    } catch (caught) {
      showError(caught instanceof Error && caught.message ? caught.message : t('login.failed'));
    }
  };

  return (
    <main className="bi-login" data-testid="page-login">
      <Card className="bi-login__card">
        <div className="bi-login__brand">
          <Logo size="large" />
          <Typography.Text type="secondary">{t('login.subtitle')}</Typography.Text>
        </div>
        <Typography.Title level={3} className="bi-login__title">
          {t('login.title')}
        </Typography.Title>
        {error ? (
          <Alert
            className="bi-login__error"
            type="error"
            showIcon
            title={error}
            data-testid="login-error"
            role="alert"
          />
        ) : null}
        <Form<LoginFormValues>
          form={form}
          name="login"
          layout="vertical"
          requiredMark={false}
          validateTrigger="onBlur"
          initialValues={{ userName: '', password: '', lang: language, autoLogin: false }}
          onFinish={onFinish}
        >
          <Form.Item
            name="userName"
            label={t('login.account')}
            validateTrigger="onBlur"
            rules={[{ required: true, whitespace: true, message: t('login.requiredAccount') }]}
          >
            <Input
              data-testid="login-username"
              prefix={<UserOutlined aria-hidden="true" />}
              placeholder={t('login.accountPlaceholder')}
              autoComplete="username"
              autoFocus
            />
          </Form.Item>
          <Form.Item
            name="password"
            label={t('login.password')}
            validateTrigger="onBlur"
            rules={[{ required: true, message: t('login.requiredPassword') }]}
          >
            <Input.Password
              data-testid="login-password"
              prefix={<LockOutlined aria-hidden="true" />}
              placeholder={t('login.passwordPlaceholder')}
              autoComplete="current-password"
            />
          </Form.Item>
          <Form.Item name="lang" label={t('login.language')}>
            <Select
              data-testid="login-language"
              onChange={(value: string) => void changeLanguage(value)}
              options={LANGUAGES.map((lng) => ({
                value: lng,
                label: LANGUAGE_LABELS[lng],
                'data-testid': `login-language-${lng}`,
              }))}
            />
          </Form.Item>
          <Form.Item name="autoLogin" valuePropName="checked">
            <Checkbox data-testid="login-autologin">{t('login.autoLogin')}</Checkbox>
          </Form.Item>
          <Form.Item className="bi-login__submit">
            <Button
              type="primary"
              htmlType="submit"
              block
              loading={loginMutation.isPending}
              data-testid="login-submit"
            >
              {t('login.submit')}
            </Button>
          </Form.Item>
        </Form>
      </Card>
      <ChangePasswordDialog
        open={mustChange !== null}
        currentPassword={mustChange ?? ''}
        onChanged={() => {
          setMustChange(null);
          void navigate('/dashboard', { replace: true });
        }}
        onCancel={() => {
          // nothing else works before the change: stay signed out
          clearToken(browserStorages());
          setMustChange(null);
        }}
      />
    </main>
  );
}
