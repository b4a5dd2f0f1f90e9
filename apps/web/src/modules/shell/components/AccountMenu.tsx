import { BulbOutlined, DownOutlined, GlobalOutlined, KeyOutlined, LogoutOutlined, MailOutlined, UserOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { App, Avatar, Button, Divider, Popover, Space, Typography } from 'antd';
import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { changeLanguage } from '../../../shared/i18n';
import { LANGUAGES, resolveLanguage, type Language } from '../../../shared/i18n/language';
import { browserStorages } from '../../../shared/storage/keys';
import { saveLanguage } from '../../auth/api/identity';
import { useLogout } from '../../auth/hooks/useLogout';
import { readUserName } from '../../auth/utils/session';
import { useAkTranslation } from '../../api-keys/i18n';
import { buildPath } from '../../../shared/routing/routes';
import { useThemeMode } from '../hooks/useThemeMode';
import { useSubTranslation } from '../../subscriptions/i18n';
import { THEME_MODES, type ThemeMode } from '../../../shared/storage/theme';

/** Greeting with the user name; opens the account popup (language, theme, logout). */
export function AccountMenu() {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const { message } = App.useApp();
  const [open, setOpen] = useState(false);
  const { mode, setMode } = useThemeMode();
  const { logout, pending } = useLogout();
  const { ak } = useAkTranslation();
  const { st } = useSubTranslation();
  const navigate = useNavigate();
  const language = resolveLanguage(i18n.language);
  const userName = readUserName(browserStorages());

  const onLanguage = async (lng: Language) => {
    if (lng === language) return;
    await changeLanguage(lng);
    // kept with the account too: alert mails and events are written in the user's language
    saveLanguage(lng).catch((e: unknown) => void message.error(e instanceof Error ? e.message : String(e)));
    // answers may carry translated texts: fetch them again in the new language
    await queryClient.invalidateQueries();
  };

  const content = (
    <div className="bi-account-popup" data-testid="account-popup">
      <ChoiceGroup name="language" icon={<GlobalOutlined aria-hidden="true" />} options={LANGUAGES} value={language} onChoose={(lng) => void onLanguage(lng)} />
      <ChoiceGroup name="theme" icon={<BulbOutlined aria-hidden="true" />} options={THEME_MODES} value={mode} onChoose={setMode} />
      <Divider className="bi-account-popup__divider" />
      <Button
        block
        icon={<MailOutlined aria-hidden="true" />}
        data-testid="account-subscriptions"
        onClick={() => {
          setOpen(false);
          void navigate('/subscriptions');
        }}
      >
        {st('mine')}
      </Button>
      <Button
        block
        icon={<KeyOutlined aria-hidden="true" />}
        onClick={() => {
          setOpen(false);
          void navigate(buildPath('api_keys'));
        }}
        data-testid="account-api-keys"
      >
        {ak('menu')}
      </Button>
      <Button
        block
        danger
        icon={<LogoutOutlined aria-hidden="true" />}
        loading={pending}
        onClick={() => void logout()}
        data-testid="logout"
      >
        {t('account.logout')}
      </Button>
    </div>
  );

  return (
    <Popover trigger="click" placement="bottomRight" open={open} onOpenChange={setOpen} content={content}>
      <button
        type="button"
        className="bi-account"
        data-testid="account-menu"
        aria-haspopup="dialog"
        aria-expanded={open}
        title={t('header.accountMenu')}
      >
        <Avatar size="small" icon={<UserOutlined />} aria-hidden="true" />
        <span data-testid="greeting" className="bi-account__greeting">
          {t('header.greeting', { userName })}
        </span>
        <DownOutlined aria-hidden="true" className="bi-account__caret" />
      </button>
    </Popover>
  );
}

/** the catalogue key of an option's text (the name of the group, then the option) */
type OptionKey = `language.${Language}` | `theme.${ThemeMode}`;

interface ChoiceGroupProps<T extends string> {
  /** the setting: its label is account.<name>, an option's text <name>.<option>, test ids account-<name>-<option> */
  name: 'language' | 'theme';
  icon: ReactNode;
  options: readonly T[];
  value: T;
  onChoose: (option: T) => void;
}

/** A labelled row of buttons of which one is chosen (the popup's language and theme). */
function ChoiceGroup<T extends string>({ name, icon, options, value, onChoose }: ChoiceGroupProps<T>) {
  const { t } = useTranslation();
  const labelId = useId();
  return (
    <div className="bi-account-popup__section">
      <Typography.Text type="secondary" id={labelId}>
        {icon} {t(`account.${name}`)}
      </Typography.Text>
      <Space.Compact block role="group" aria-labelledby={labelId}>
        {options.map((option) => (
          <Button
            key={option}
            size="small"
            type={option === value ? 'primary' : 'default'}
            aria-pressed={option === value}
            data-testid={`account-${name}-${option}`}
            onClick={() => onChoose(option)}
          >
            {t(`${name}.${option}` as OptionKey)}
          </Button>
        ))}
      </Space.Compact>
    </div>
  );
}
