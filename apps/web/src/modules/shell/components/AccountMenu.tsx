import { BulbOutlined, DownOutlined, GlobalOutlined, LogoutOutlined, UserOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Avatar, Button, Divider, Popover, Space, Typography } from 'antd';
import { useId, useState, type ReactNode } from 'react';
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
      <ChoiceGroup
        labelId={languageLabelId}
        label={
          <>
            <GlobalOutlined aria-hidden="true" /> {t('account.language')}
          </>
        }
        options={LANGUAGES}
        value={language}
        optionText={(lng) => t(`language.${lng}`)}
        testIdPrefix="account-language"
        onChoose={(lng) => void onLanguage(lng)}
      />
      <ChoiceGroup
        labelId={themeLabelId}
        label={
          <>
            <BulbOutlined aria-hidden="true" /> {t('account.theme')}
          </>
        }
        options={THEME_MODES}
        value={mode}
        optionText={(item) => t(`theme.${item}`)}
        testIdPrefix="account-theme"
        onChoose={setMode}
      />
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

interface ChoiceGroupProps<T extends string> {
  labelId: string;
  label: ReactNode;
  options: readonly T[];
  value: T;
  optionText: (option: T) => string;
  testIdPrefix: string;
  onChoose: (option: T) => void;
}

/** A labelled row of buttons of which one is chosen (the popup's language and theme). */
function ChoiceGroup<T extends string>({ labelId, label, options, value, optionText, testIdPrefix, onChoose }: ChoiceGroupProps<T>) {
  return (
    <div className="bi-account-popup__section">
      <Typography.Text type="secondary" id={labelId}>
        {label}
      </Typography.Text>
      <Space.Compact block role="group" aria-labelledby={labelId}>
        {options.map((option) => (
          <Button
            key={option}
            size="small"
            type={option === value ? 'primary' : 'default'}
            aria-pressed={option === value}
            data-testid={`${testIdPrefix}-${option}`}
            onClick={() => onChoose(option)}
          >
            {optionText(option)}
          </Button>
        ))}
      </Space.Compact>
    </div>
  );
}
