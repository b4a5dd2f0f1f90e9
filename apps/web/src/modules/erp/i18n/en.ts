import type { ErpCatalogue } from './zh-CN';

/** English texts of the ERP module (registered under erp.*). */
const en: ErpCatalogue = {
  title: 'ERP accounts',
  add: 'New account',
  empty: 'No ERP accounts yet',
  loadFailed: 'The ERP accounts could not be loaded',
  primary: 'Default',
  selected: 'Chosen',
  columns: {
    name: 'Account name',
    server: 'Server',
    userName: 'User name',
    actions: 'Actions',
  },
  edit: 'Edit',
  choose: 'Choose',
  delete: 'Delete',
  deleteTitle: 'Delete account',
  deleteContent: 'Delete the account "{{name}}"?',
  deleted: 'deleted',
  saved: 'Saved',
  chosen: 'Account "{{name}}" chosen',
  form: {
    createTitle: 'New account',
    editTitle: 'Edit account "{{name}}"',
    name: 'Account name',
    ip: 'IP',
    port: 'Port',
    userName: 'User name',
    identity: 'Password',
    identityKept: 'Leave empty to keep it',
    isPrimary: 'Default account',
    save: 'Save',
    back: 'Back',
    nameRequired: 'Please enter the account name',
    ipRequired: 'Please enter the IP',
    portInvalid: 'Please enter the port (1 to 65535)',
    userRequired: 'Please enter the user name',
    passwordRequired: 'Please enter the password',
    passwordReenter: 'The IP or port changed: please enter the password again',
    primaryRequired: 'Default account setting cannot be cancelled',
    tooLong: 'Too long',
  },
};

export default en;
