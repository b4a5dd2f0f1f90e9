/** User administration and the audit log (beyond the spec; docs/api/identity-admin.md). */
export { AdminPage } from './components/AdminPage';
export { ChangePasswordDialog } from './components/ChangePasswordDialog';
