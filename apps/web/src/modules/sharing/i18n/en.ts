import type { SharingCatalogue } from './zh-CN';

/** English texts of the sharing module (registered under sharing.*). */
const en: SharingCatalogue = {
  share: {
    title: 'Share data source: {{name}}',
    roles: 'Roles',
    users: 'Users',
    rolesPlaceholder: 'Choose the roles that may see it',
    usersPlaceholder: 'Choose the users that may see it',
    hint: 'The chosen roles and users can see this data source and its charts; those not chosen no longer can.',
    loadFailed: 'The sharing settings could not be loaded',
    save: 'Save',
    action: 'Share',
  },
  batch: {
    title: 'Batch share',
    folder: 'Folder',
    folderPlaceholder: 'Choose a folder',
    chooseFolder: 'Choose a folder',
    selectAll: 'Select all',
    invert: 'Invert',
    selectNone: 'Select none',
    add: 'Add share',
    remove: 'Remove share',
    selected: '{{count}} of {{total}} selected',
    name: 'Data source name',
    type: 'Type',
    updated: 'Updated',
    notShareable: 'You cannot share this data source',
    noSources: 'This folder has no data sources',
    noneChecked: 'Check at least one data source',
    noneChosen: 'Choose at least one role or user',
    back: 'Back to data sources',
    running: 'Sharing, please wait…',
    removing: 'Removing the shares, please wait…',
    noPermission: 'You may not share data sources',
    lastResult: 'Result of the last operation',
  },
  result: {
    operateSuccess: 'operate success',
    publishSuccess: 'publish success',
    operateFailed: 'operate failed',
    publishFailed: 'publish failed',
    failedCount: 'Failed: {{count}}; the other data sources were done',
    dataSourceName: 'Data source name',
    failedMessage: 'Failure message',
  },
};

export default en;
