import { BulbOutlined, DownOutlined, GlobalOutlined, LogoutOutlined, UserOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Avatar, Button, Divider, Popover, Space, Typography } from 'antd';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { changeLanguage } from '../../../shared/i18n';
import { LANGUAGES, resolveLanguage, type Language } from '../../../shared/i18n/language';
import { browserStorages } from '../../../shared/storage/keys';
import { useLogout } from '../../auth/hooks/useLogout';
import { readUserName } from '../../auth/utils/session';
import { useThemeMode } from '../hooks/useThemeMode';
import { THEME_MODES } from '../../../shared/storage/theme';

/** Greeting with the user name; opens the account popup (language, theme, logout). */
export function AccountMenu() {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const { mode, setMode } = useThemeMode();
  const { logout, pending } = useLogout();
  const language = resolveLanguage(i18n.language);
  const userName = readUserName(browserStorages());
  const languageLabelId = useId();
  const themeLabelId = useId();

  const onLanguage = async (lng: Language) => {
    if (lng === language) return;
    await changeLanguage(lng);
    // answers may carry translated texts: fetch them again in the new language
    await queryClient.invalidateQueries();
  };

  const content = (
    <div className="bi-account-popup" data-testid="account-popup">
      <div className="bi-account-popup__section">
        <Typography.Text type="secondary" id={languageLabelId}>
          <GlobalOutlined aria-hidden="true" /> {t('account.language')}
        </Typography.Text>
        <Space.Compact block role="group" aria-labelledby={languageLabelId}>
          {LANGUAGES.map((lng) => (
            <Button
              key={lng}
              size="small"
              type={lng === language ? 'primary' : 'default'}
              aria-pressed={lng === language}
              data-testid={`account-language-${lng}`}
              onClick={() => void onLanguage(lng)}
            >
              {t(`language.${lng}`)}
            </Button>
          ))}
        </Space.Compact>
      </div>
      <div className="bi-account-popup__section">
        <Typography.Text type="secondary" id={themeLabelId}>
          <BulbOutlined aria-hidden="true" /> {t('account.theme')}
        </Typography.Text>
        <Space.Compact block role="group" aria-labelledby={themeLabelId}>
          {THEME_MODES.map((item) => (
            <Button
              key={item}
              size="small"
              type={item === mode ? 'primary' : 'default'}
              aria-pressed={item === mode}
              data-testid={`account-theme-${item}`}
              onClick={() => setMode(item)}
            >
              {t(`theme.${item}`)}
            </Button>
          ))}
        </Space.Compact>
      </div>
      <Divider className="bi-account-popup__divider" />
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
