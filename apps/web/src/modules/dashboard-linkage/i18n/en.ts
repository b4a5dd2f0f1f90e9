import type { LinkageCatalogue } from './zh-CN';

/** English texts of linkage, compare split and chart copies (registered under linkage.*). */
const en: LinkageCatalogue = {
  settings: {
    title: 'Link settings: {{title}}',
    intro: 'A click on a point of this chart filters the charts ticked below. For each, choose the field of its data source that each dimension of this chart stands for (by default the field of the same name).',
    noDimension: 'This chart has no dimension to filter other charts by. Add one in the chart editor first.',
    noOthers: 'There are no other charts on this dashboard.',
    loading: 'Reading the charts and their fields…',
    loadFailed: 'The fields of the chart could not be read: {{message}}',
    target: 'Chart to filter',
    mapping: 'Field mapping',
    notMapped: 'Not linked',
    needField: 'Choose a field for at least one dimension',
    noSource: 'This chart has no data source yet',
    save: 'Save',
    cancel: 'Cancel',
    saved: 'Link settings saved',
    removed: 'Link settings removed',
  },
  chip: {
    selected: 'Selected: {{values}} (filters {{count}} charts)',
    clearSelection: 'Clear the selection',
    label: '{{source}}: {{values}}',
    clear: 'Clear the filter from "{{source}}"',
    more: 'and {{count}} more',
    hint: 'Ctrl/Cmd-click selects several points; click the same point again to clear',
  },
  split: {
    title: 'Compare split: {{title}}',
    noCompare: 'This chart has no compare field to split by. Drag a field into the compare zone in the chart editor.',
    loading: 'Reading the compare values…',
    loadFailed: 'The chart could not be read: {{message}}',
    empty: 'The compare field has no values.',
    capped: 'Showing the first {{shown}} of {{total}} compare values',
    value: '{{field}} = {{value}}',
  },
  copy: {
    title: 'Copy chart: {{title}}',
    where: 'Copy to',
    here: 'This dashboard',
    other: 'Another dashboard',
    dashboard: 'Target dashboard',
    pick: 'Choose a dashboard',
    dashboards: 'Dashboards',
    templates: 'Templates',
    templateHint: 'Without template edit permission you can copy only to a dashboard',
    noTargets: 'There is no other dashboard to copy to',
    submit: 'Copy',
    cancel: 'Cancel',
    done: 'Chart "{{title}}" copied',
    doneElsewhere: 'Chart "{{title}}" copied to "{{dashboard}}"',
  },
};

export default en;
