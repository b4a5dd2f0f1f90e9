/** The warnings module: the alarm dialog (chart box and editor panel) and the header bell with its messages page. */
export { AlarmDialog } from './components/AlarmDialog';
export { AlarmPanel } from './components/AlarmPanel';
export { alertsOffered } from './utils/form';
