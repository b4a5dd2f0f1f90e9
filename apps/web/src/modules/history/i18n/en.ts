import type { HistoryCatalogue } from './zh-CN';

/** English texts of history and trash (registered under history.*). */
const en: HistoryCatalogue = {
  entry: 'History',
  trashEntry: 'Trash',
  title: {
    dashboard: 'History of the dashboard "{{name}}"',
    chart: 'History of the chart "{{name}}"',
  },
  trashTitle: 'Trash',
  loadFailed: 'The history could not be loaded',
  empty: 'No history yet',
  system: 'System',
  version: 'Version {{rev}}',
  current: 'Current',
  restoredFrom: 'Restored from version {{rev}}',
  diff: 'Changes',
  diffAgainst: 'Compared with version {{rev}}',
  diffCreated: 'As created',
  noChanges: 'No field changed',
  field: 'Field',
  before: 'Before',
  after: 'After',
  layoutBefore: 'Layout before',
  layoutAfter: 'Layout after',
  restore: 'Restore this version',
  restoreConfirm: 'Restore "{{name}}" to version {{rev}}? What it is now stays in the history as a version.',
  restored: '"{{name}}" restored',
  trash: {
    intro: 'Deleted charts and dashboards are kept for a while and can be restored meanwhile; each shows the days left.',
    empty: 'The trash is empty',
    kind: { dashboard: 'dashboard', chart: 'chart' },
    deletedBy: 'Deleted by {{name}} at {{time}}',
    daysLeft: '{{count}} days left',
    restore: 'Restore',
    restoreConfirm: 'Restore the {{kind}} "{{name}}"?',
    restored: '"{{name}}" restored',
  },
  ok: 'Restore',
  cancel: 'Cancel',
};

export default en;
