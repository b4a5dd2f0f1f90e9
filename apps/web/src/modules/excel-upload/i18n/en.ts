import type { ExcelUploadCatalogue } from './zh-CN';

/** English texts of the Excel upload module (registered under excelUpload.*). */
const en: ExcelUploadCatalogue = {
  title: {
    create: 'Upload Excel / CSV',
    append: 'Append data',
    replace: 'Replace data',
  },
  steps: {
    upload: 'Upload',
    preview: 'Preview',
    worktable: 'Worktable',
  },
  upload: {
    drop: 'Click or drag a file here to upload',
    hint: 'One file at a time, at most 40M, .xlsx or .csv; a standard one-dimensional table without merged cells, dates with year, month and day',
    tooLarge: 'The file is larger than 40M and cannot be uploaded',
    xls: 'The .xls format (Excel 97–2003) is not supported; save the file as .xlsx or .csv',
    extension: 'Only .xlsx and .csv files can be uploaded',
    error: 'excel upload error',
    status: {
      ready: 'Ready',
      uploading: 'Uploading',
      success: 'Uploaded',
      fail: 'Failed',
    },
    remove: 'Remove file',
  },
  preview: {
    rows: 'First {{count}} rows',
    noRows: 'The sheet holds only its header row',
    type: 'Type',
    types: {
      abandon: 'Abandon',
      string: 'String',
      number: 'Number',
      date: 'Date',
    },
    problem: 'This sheet cannot be imported',
    existingType: 'Imported with the type of the existing field',
  },
  worktable: {
    name: 'Worktable name',
    namePlaceholder: '3 to 20 characters',
    nameRequired: 'Worktable name cannot be empty',
    nameLength: 'Name must be 3 to 20 characters',
    source: 'Data source',
    column: 'Column in the file',
    type: 'Type',
    target: 'Field',
    targetNew: 'New field name',
    notImported: '(not imported)',
    noColumns: 'Please import at least one column',
    targetRequired: 'Please enter a field name for every column',
    targetDuplicate: 'Field {{name}} is mapped more than once',
    targetReserved: 'The field name {{name}} is reserved',
    replaceWarning: 'Replace first clears all data of the source, then imports this file',
    importing: 'Importing the data, please wait…',
  },
  actions: {
    next: 'Next',
    prev: 'Previous',
    finish: 'Finish',
    cancel: 'Cancel',
    append: 'Append data',
    replace: 'Replace data',
  },
  rows: {
    delete: 'Delete',
    deleteSelected: 'Delete ({{count}})',
    deleteTitle: 'Delete data',
    deleteContent: 'Delete the {{count}} selected rows?',
    selected: '{{count}} rows selected',
    selectFirst: 'Select the rows to delete first',
  },
  fields: {
    remove: 'Remove field',
    removeTitle: 'Remove field',
    removeContent: 'Remove the field "{{name}}" and its data? This cannot be undone.',
    removed: 'Field {{name}} removed',
  },
  result: {
    created: '{{count}} rows imported',
    appended: '{{count}} rows appended',
    replaced: 'Data replaced with {{count}} rows',
    deleted: '{{count}} rows deleted',
  },
  errors: {
    importFailed: 'Import failed; the file format may be wrong',
    notAllowed: 'You may not upload data',
    unknownAction: 'Unknown action',
    notUpload: 'This data source is not uploaded data',
    noRows: 'no excel data to delete',
    noPrimaryKey: 'cannot delete data without primary key',
  },
};

export default en;
