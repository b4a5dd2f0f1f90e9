import type { ApiKeysCatalogue } from './zh-CN';

/** English texts of the API keys page (registered under apiKeys.*). */
const en: ApiKeysCatalogue = {
  title: 'API keys',
  menu: 'API keys',
  intro: 'Other systems call the API with a key (header Authorization: Bearer bik_…). A key never has more rights than you.',
  create: 'New key',
  refresh: 'Refresh',
  mine: 'My keys',
  everyone: 'All users',
  empty: 'No keys yet',
  loadFailed: 'The keys could not be loaded',
  columns: {
    name: 'Name',
    key: 'Key',
    user: 'User',
    scopes: 'Scopes',
    createdAt: 'Created',
    expiresAt: 'Expires',
    lastUsed: 'Last used',
    status: 'Status',
    actions: 'Actions',
  },
  never: 'Never',
  status: {
    active: 'Active',
    expired: 'Expired',
    revoked: 'Revoked',
  },
  scope: {
    read: 'Read dashboards, charts and data',
    dashboardsWrite: 'Edit dashboards',
    sourcesManage: 'Manage data sources',
    admin: 'Administer (administrators only)',
  },
  dialog: {
    title: 'New API key',
    name: 'Name',
    namePlaceholder: 'e.g. Nightly export',
    nameRequired: 'Enter a name of 1 to 64 characters',
    scopes: 'Scopes',
    scopesRequired: 'Choose at least one scope',
    expiry: 'Expires in',
    days: '{{count}} days',
    ok: 'Create',
  },
  secret: {
    title: 'Key created: {{name}}',
    warning: 'Copy this key now and keep it safe. You will not see it again once you close this window: only its hash is stored.',
    copy: 'Copy',
    copied: 'Copied',
    done: 'I have saved it',
  },
  revoke: {
    action: 'Revoke',
    confirm: 'Revoke the key "{{name}}"? Calls with it are refused at once.',
    ok: 'Revoke',
    cancel: 'Cancel',
    done: 'The key "{{name}}" was revoked',
  },
};

export default en;
