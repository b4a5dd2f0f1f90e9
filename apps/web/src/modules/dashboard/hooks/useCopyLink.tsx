import { App, Typography } from 'antd';
import { useLocation } from 'react-router-dom';
import { useDbTranslation } from '../i18n';
import type { Dashboard, TabType } from '../types';
import { dashboardLink } from '../utils/link';

/** Puts text on the clipboard: the Clipboard API, else a hidden text area and the copy command. */
async function copyText(text: string): Promise<boolean> {
  try {
    if (navigator.clipboard?.writeText) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    // refused (no permission, insecure context): the fallback below
  }
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.appendChild(area);
  area.select();
  try {
    return document.execCommand('copy');
  } catch {
    return false;
  } finally {
    area.remove();
  }
}

/**
 * The dashboard menu's "share" (spec 01 §2): copies the dashboard's link (the open one with its view) and
 * says so; when the browser refuses, the link is shown to copy by hand.
 */
export function useCopyLink(tab: TabType, openQuery = '') {
  const { db } = useDbTranslation();
  const { message, modal } = App.useApp();
  const location = useLocation();
  return async (dashboard: Dashboard) => {
    const link = dashboardLink(window.location.origin, tab, dashboard, openQuery, location);
    if (await copyText(link)) {
      void message.success({ content: db('share.copied'), key: 'dashboard-link' });
      return;
    }
    modal.info({
      title: db('share.copyTitle'),
      content: (
        <>
          <Typography.Paragraph>{db('share.copyManually')}</Typography.Paragraph>
          <Typography.Paragraph copyable code data-testid="dashboard-link">
            {link}
          </Typography.Paragraph>
        </>
      ),
    });
  };
}
