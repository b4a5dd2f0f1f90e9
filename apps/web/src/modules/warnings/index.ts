/** The warnings module: the alarm dialog (chart box and editor panel) and the header bell with its messages page. */
export { AlarmDialog } from './components/AlarmDialog';
export { AlarmPanel } from './components/AlarmPanel';
export { WarningBell, WARNINGS_PAGE_PATH } from './components/WarningBell';
export { WarningMessagesPage } from './components/WarningMessagesPage';
export { alertsOffered } from './utils/form';
